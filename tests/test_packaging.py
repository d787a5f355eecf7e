"""Set-up and packaging promises: README commands, CI entry point, spec file."""
from __future__ import annotations

import re

from conftest import ROOT


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_readme_gives_exactly_two_setup_commands_one_runs_the_app_one_the_tests():
    commands = readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("main.py") and "pip install" in commands[0]
    assert "pytest" in commands[1] and "pip install" in commands[1]


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text()
    assert readme_commands()[1] in script


def test_build_spec_uses_only_relative_paths():
    spec = (ROOT / "build.spec").read_text()
    code = "\n".join(line for line in spec.splitlines() if not line.lstrip().startswith("#"))
    assert not re.search(r"['\"](/|[A-Za-z]:\\\\)", code), "absolute path in build.spec"
    assert "SPECPATH" in code and '"assets"' in code


def test_build_spec_bundles_the_example_bots_for_the_menu_and_run_bot():
    spec = (ROOT / "build.spec").read_text()
    assert 'os.path.join(ROOT, "docs", "bots")' in spec and "hiddenimports=bot_modules" in spec
