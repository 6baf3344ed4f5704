"""Everything that talks to the world: CLI, settings, storage, scheduler, front ends."""
