"""The three ways to run dipgm as a service (docs/deploy.md): the container image, the
compose file and the systemd unit say what the bot needs, and agree with its settings and
exit statuses. (The image itself is built and a game played in it as docs/deploy.md tells;
the behaviours it relies on are tested here and in tests/bot.)"""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from bot import exit_codes
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {name.upper() for name in Settings.model_fields}


def dockerfile() -> list[tuple[str, str]]:
    """The final stage's instructions, (KEYWORD, arguments), continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    instructions = [tuple(line.split(None, 1)) for line in lines if line and line[0] != "#"]
    stages = [i for i, (word, _) in enumerate(instructions) if word == "FROM"]
    return [(word.upper(), rest) for word, rest in instructions[stages[-1] :]]


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for word, rest in dockerfile():
        if word == "ENV":
            env.update(pair.split("=", 1) for pair in shlex.split(rest))
    return env


def test_the_image_runs_dipgm_as_pid_1_as_a_user_of_its_own() -> None:
    steps = dict(dockerfile())
    # the exec form: no shell stands between the signals and dipgm
    assert steps["ENTRYPOINT"] == '["dipgm"]'
    assert steps["CMD"] == '["run"]'
    assert steps["STOPSIGNAL"] == "SIGTERM"
    assert steps["USER"] not in ("root", "0")
    assert steps["HEALTHCHECK"].endswith('CMD ["dipgm", "status", "--quiet"]')


def test_the_image_keeps_its_state_in_the_volume_and_reads_only_the_environment() -> None:
    steps = dockerfile()
    env = image_env()
    assert ("VOLUME", f'["{env["DIPGM_DATA_DIR"]}"]') in steps
    assert set(env) - {"PATH", "PYTHONUNBUFFERED"} <= SETTINGS
    # no .env in the image, and none where it starts
    workdir = dict(steps)["WORKDIR"]
    assert workdir != env["DIPGM_DATA_DIR"]
    assert not any(".env" in rest for word, rest in steps if word in ("COPY", "ADD"))
    # only what the image is built from goes to the builder
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert ignored[ignored.index("*") + 1 :].count("!.env") == 0


def compose() -> dict[str, object]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_compose_runs_two_workers_on_one_postgresql_after_the_migration() -> None:
    services = compose()["services"]
    assert isinstance(services, dict)
    workers = [s for s in services.values() if s.get("command") == ["run"]]
    assert len(workers) == 2
    urls = {w["environment"]["DATABASE_URL"] for w in workers}
    (url,) = urls
    assert url.startswith("postgresql+asyncpg://dipgm:") and url.endswith("@db:5432/dipgm")
    migrate = services["migrate"]
    assert migrate["command"] == ["db", "upgrade"]
    # the image is built once, from this folder, and the workers run it
    assert migrate["build"] == "."
    assert {w["image"] for w in workers} == {migrate["image"]}
    assert migrate["environment"]["DATABASE_URL"] == url
    assert migrate["depends_on"] == {"db": {"condition": "service_healthy"}}
    for worker in workers:
        assert worker["depends_on"] == {"migrate": {"condition": "service_completed_successfully"}}
        assert worker["restart"] == "unless-stopped"
        assert set(worker["environment"]) <= SETTINGS
        assert worker["volumes"] == ["data:/data"]
    assert services["db"]["image"].startswith("postgres:")
    assert "healthcheck" in services["db"]


def unit() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "deploy" / "dipgm.service", encoding="utf-8")
    return parser


def test_the_systemd_unit_restarts_on_failure_but_not_on_a_settings_error() -> None:
    service = unit()["Service"]
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == str(exit_codes.USAGE)
    assert service["ExecStart"].endswith("/bin/dipgm run")
    assert service["EnvironmentFile"] == "/etc/dipgm/dipgm.env"
    assert service["Environment"] == f"DIPGM_DATA_DIR=/var/lib/{service['StateDirectory']}"
    assert service["KillSignal"] == "SIGTERM"
    # a start that keeps failing is given up, not tried every RestartSec for ever
    assert (unit()["Unit"]["StartLimitIntervalSec"], unit()["Unit"]["StartLimitBurst"]) == (
        "10min",
        "5",
    )


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    dipgm = shutil.which("dipgm") or str(Path(__import__("sys").executable).parent / "dipgm")
    text = (ROOT / "deploy" / "dipgm.service").read_text(encoding="utf-8")
    copy = tmp_path / "dipgm.service"
    copy.write_text(text.replace("/opt/dipgm/bin/dipgm", dipgm), encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
