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


def test_the_release_workflow_runs_the_commands_of_ci_run_on_three_systems():
    """.github/workflows/release.yml cannot run here: it is kept to .ci/run's commands, line
    for line (the venv's folder, the executable's name and ``python`` for ``python3`` aside)."""
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    lines = {line.strip().removeprefix("- ") for line in workflow.splitlines()}
    assert {"os: ubuntu-latest", "os: macos-latest", "os: windows-latest", 'python-version: "3.11"',
            'tags: ["*"]'} <= lines
    script = (ROOT / ".ci" / "run").read_text()
    commands = [line.strip() for line in script.splitlines()
                if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert len(commands) >= 8
    for command in commands:
        expected = (command.replace("python3 -m venv", "python -m venv").replace(".venv/bin", "${{ matrix.bin }}")
                    .replace("dist/GameTreeLab", "${{ matrix.exe }}"))
        assert expected in lines, f".ci/run's {command!r} is not in the release workflow"
    assert "gh release upload" in workflow and "actions/upload-artifact" in workflow
    readme = (ROOT / "README.md").read_text()
    assert "release.yml" in readme and "untested by us" in readme
