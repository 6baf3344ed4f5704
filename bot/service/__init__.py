"""The game service: platform-neutral use cases. Text commands in, effects out.

It imports the engine, the renderer and the store; never a chat SDK or the scheduler.
"""
