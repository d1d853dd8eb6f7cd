# The user docs against the program: every subcommand, shipped config and law is listed where the docs say
# they are listed, the documented shell commands use the interpreter the module is built for, and no doc
# says that Poisson's hypothesis along Routh's path gains energy (Wang & Mason 1992; Ivanov 1992).
import re
import subprocess

import pytest

import collsweep
from conftest import REPO

DOCS = sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md", REPO / "configs" / "README.md"]


def test_commands_index_lists_every_subcommand(cli):
    out = subprocess.run([cli, "--help"], capture_output=True, text=True, check=True).stdout
    subcommands = re.findall(r"^  ([a-z]+)  ", out.split("Subcommands:")[1], re.M)
    assert len(subcommands) >= 7
    index = (REPO / "docs" / "commands.md").read_text(encoding="utf-8").split("\n## ")[0]
    for name in subcommands:
        assert f"[`{name}`](#collsweep-{name})" in index, name


def test_commands_and_configs_readme_list_every_shipped_config():
    configs = sorted(p.name for p in (REPO / "configs").glob("*.toml"))
    commands = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    listed = commands[commands.index("Shipped configs:"):commands.index("## `collsweep merge`")]
    readme = (REPO / "configs" / "README.md").read_text(encoding="utf-8")
    for name in configs:
        if name.startswith("djerassi_case"):  # listed as djerassi_case1.toml … djerassi_case5.toml
            name = "djerassi_case1.toml"
        assert f"`{name}`" in listed, name
        assert f"| `{name}`" in readme, name


def test_configs_readme_lists_every_law_of_each_family():
    readme = (REPO / "configs" / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `laws` |"))
    model = readme[readme.index("A config describes one of three models"):readme.index("### `[model]`")]
    for family, laws in collsweep.laws().items():
        for law in laws:
            assert f"`{law}`" in row, (family, law)
            assert f"`{law}`" in model, (family, law)


def test_python_doc_commands_use_the_modules_interpreter():
    """The build tree's module (PYTHONPATH=build/python) runs with /usr/bin/python3, the interpreter it is
    built for; a bare python, pip or jupyter only in a block that activates the virtual environment the module
    is pip-installed into."""
    text = (REPO / "docs" / "python.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert any("bin/activate" in block and "pip install ." in block for block in blocks)
    commands = []
    for block in blocks:
        in_venv = "bin/activate" in block
        for pythonpath, program in re.findall(r"^(PYTHONPATH=\S+ )?(\S+)", block, re.M):
            commands.append(program)
            if pythonpath:
                assert program == "/usr/bin/python3", program
            elif program in ("python3", "python", "jupyter", "pip") or "python" in program:
                assert in_venv or program == "/usr/bin/python3", program
    inline = re.findall(r"`PYTHONPATH=[^\s`]+ ([^\s`]+)[^`]*`", text)  # `PYTHONPATH=... program args`
    assert "/usr/bin/python3" in commands
    for program in inline:
        assert program == "/usr/bin/python3", program


# A sentence about the single-contact Poisson law (not Glocker's multi-contact poisson-lcp) that says it
# gains energy, or calls its energy an open question.
_GAIN = re.compile(r"\b(can|may|could|might|does|do|still)\s+(still\s+)?gain|\bgains energy on\b|open question|"
                   r"whether .{0,40}gain", re.I)
_NEGATION = re.compile(r"\b(never|not|no)\b", re.I)
_MULTI = re.compile(r"lcp|contacts|Glocker|multi-contact|k = [2-4]", re.I)


@pytest.mark.parametrize("path", DOCS + sorted((REPO / "configs").glob("*.toml")), ids=lambda p: p.name)
def test_no_doc_says_poisson_with_routh_gains_energy(path):
    text = re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))
    for sentence in re.split(r"(?<=[.;:])\s", text):
        if "oisson" not in sentence or _MULTI.search(sentence):
            continue
        if _GAIN.search(sentence):
            assert _NEGATION.search(sentence), sentence
