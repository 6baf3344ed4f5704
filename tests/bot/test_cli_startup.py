"""Starting `dipgm`: `--help` and `--version` without the service, one line for a bad
setting or a database that cannot be reached, and the exit statuses the README lists."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from bot import exit_codes
from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
# What only a command that plays or serves needs.
# (each a package: its modules are counted under its name)
HEAVY = ("bot.service", "bot.store", "sqlalchemy", "discord", "slack_bolt", "PIL", "pydantic")


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "DISCORD_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


PROBE = """
import sys
from bot.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
for name in sorted(sys.modules):
    print(name)
"""


def imported_by(*argv: str) -> list[str]:
    """The heavy modules (their packages) `dipgm ARGV` imports, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    names = [line for line in done.stdout.splitlines() if line.startswith(HEAVY)]
    return sorted({next(h for h in HEAVY if n.startswith(h)) for n in names})


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["play", "--help"], ["db", "--help"]])
def test_help_and_version_import_none_of_the_service(argv: list[str]) -> None:
    heavy = imported_by(*argv)
    if argv[0] == "db":  # the schema tools are the database's: only the service is left out
        assert "bot.service" not in heavy
    else:
        assert heavy == []


def test_version_is_the_package_s(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert capsys.readouterr().out == f"dipgm {version('dipgm')}\n" == f"dipgm {declared}\n"


def test_the_changelog_describes_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = [line for line in changelog.splitlines() if line.startswith("## ")]
    assert headings[0].startswith(f"## {version('dipgm')} ")


def test_a_bad_setting_is_one_line_and_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DEFAULT_TIMEZONE", "Mars/Olympus_Mons")
    assert main(["run"]) == exit_codes.USAGE == 2
    assert capsys.readouterr().err == (
        "dipgm run: setting DEFAULT_TIMEZONE='Mars/Olympus_Mons' is not accepted: unknown "
        "time zone 'Mars/Olympus_Mons' (use an IANA name)\n"
    )


def test_an_unreachable_database_is_not_called_a_platform_problem(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://dipgm:hunter2@127.0.0.1:1/games")
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    monkeypatch.setenv("SLACK_APP_TOKEN", "xapp-test")
    assert main(["run"]) == exit_codes.FAILED == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "dipgm run: starting Slack"
    assert err[1].startswith("dipgm run: cannot reach the database at 127.0.0.1:1, database games")
    assert len(err) == 2
    assert "hunter2" not in "".join(err) and "Slack" not in err[1]


def test_worker_processes_refused_by_the_machine_are_not_called_a_platform_problem(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sandbox without a writable /dev/shm refuses the pools' locks, as a bare chroot
    does; the one line says what could not start and why, not that Slack is unreachable."""
    import multiprocessing.synchronize  # reads SemLock's constants once, before it is refused

    def refused(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(multiprocessing.synchronize._multiprocessing, "SemLock", refused)
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    monkeypatch.setenv("SLACK_APP_TOKEN", "xapp-test")
    assert main(["run"]) == exit_codes.FAILED
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "dipgm run: starting Slack",
        "dipgm run: cannot start the worker processes: Permission denied (their locks need "
        "a writable /dev/shm, as a container runtime mounts)",
    ]


def test_the_console_makes_its_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "new" / "data"
    monkeypatch.setenv("DIPGM_DATA_DIR", str(data))
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO("/quit\n"))
    assert main(["run"]) == 0
    assert (data / "dipgm.sqlite3").is_file()


def test_a_data_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("DIPGM_DATA_DIR", str(tmp_path / "file" / "data"))
    assert main(["run"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"dipgm run: cannot make the folder {tmp_path / 'file' / 'data'}")


def test_usage_errors_share_one_status(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["no-such-command"])
    assert exited.value.code == exit_codes.USAGE
    assert main(["console", "--script", "missing.txt"]) == exit_codes.USAGE
    assert "dipgm console: cannot read the script" in capsys.readouterr().err


def test_time_zones_need_no_system_files(tmp_path: Path) -> None:
    """A slim container has no /usr/share/zoneinfo: the tzdata package stands in."""
    assert any(
        d.startswith("tzdata")
        for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    )
    probe = (
        "import zoneinfo, bot.service\n"
        "from bot.cli import main\n"
        "assert zoneinfo.TZPATH == (), zoneinfo.TZPATH\n"
        "print(zoneinfo.ZoneInfo('America/Los_Angeles'))\n"
        "main(['variants'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        # an empty search path: only the tzdata package can answer
        env={"PYTHONTZPATH": "", "DEFAULT_TIMEZONE": "America/Los_Angeles", "PATH": ""},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("America/Los_Angeles\nstandard ")
