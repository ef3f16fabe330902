"""The README's promises: its two commands are the ones CI runs, and its example runs."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def readme_commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", README)[:2]


def test_readme_opens_with_serve_and_test_commands():
    serve, test = readme_commands()
    assert README.index(serve) < 300, "the two commands must come first"
    assert serve == 'pip install -e ".[app]" && rulebook serve'
    assert test.endswith("&& pytest")


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci_lines[-1] == readme_commands()[1]


def test_readme_python_example_runs():
    examples = "\n".join(re.findall(r"```python\n(.+?)```", README, flags=re.S))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples, "the README lost its example"
    assert runner.failures == 0


def test_binder_builds_the_project_on_a_pinned_python():
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    major, minor = map(int, runtime.removeprefix("python-").split("."))
    assert (major, minor) >= (3, 11)
    requirements = [
        line.strip()
        for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    # repo2docker skips pyproject.toml when binder/ exists, so the project must install from here.
    assert requirements == ["-e .[app]"]
    assert "urlpath=voila/render/notebooks/00_start_here.ipynb" in README
    assert "urlpath=lab" in README


def test_the_test_extra_installs_every_plugin_the_test_command_needs():
    """`pytest` on a fresh clone reads pyproject's addopts: each plugin option needs its package."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    addopts = project["tool"]["pytest"]["ini_options"]["addopts"]
    extra = {
        re.split(r"[<>=\[; ]", requirement)[0]
        for requirement in project["project"]["optional-dependencies"]["test"]
    }
    needs = {"-n": "pytest-xdist", "--dist": "pytest-xdist", "--nbval-lax": "nbval"}
    for option, package in needs.items():
        if option in addopts:
            assert package in extra, f"addopts uses {option}: the test extra must install {package}"
