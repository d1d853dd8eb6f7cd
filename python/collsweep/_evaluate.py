"""collsweep.evaluate: any law of any family on arrays of collisions, as `collsweep eval` computes them."""

from __future__ import annotations

import re

import numpy as np

from . import _collsweep as _core
from ._arguments import broadcast_columns, expand_layouts
from ._tables import table_columns, table_frame


def _input_errors() -> frozenset:
    global _INPUT_ERRORS
    if _INPUT_ERRORS is None:
        _INPUT_ERRORS = frozenset(_core.input_error_reasons())
    return _INPUT_ERRORS


_INPUT_ERRORS = None


# The arguments only the multi-contact laws read: they choose the family of a law name several families have.
_MULTICONTACT_ARGUMENT = re.compile(r"^(G|gamma|G_\d+_\d+|g_\d+|mu_\d+|eN(_\d+)?|eT(_\d+)?)$")


def law_family(law: str, inputs=(), multicontact: bool = False) -> str:
    """The model family of a law ("planar", "multicontact" or "spatial"); ValueError for an unknown law.

    A name two families have (the engines' sequential-impulse, planar and multi-contact) is the planar law
    unless `multicontact` is set or an argument name in `inputs` is a multi-contact one (G, gamma, G_i_j,
    g_i, mu_j, eN_j, eT_j)."""
    families = [family for family, laws in _core.laws().items() if law in laws]
    if not families:
        known = "; ".join(f"{f}: {', '.join(ls)}" for f, ls in _core.laws().items())
        raise ValueError(f"unknown law '{law}'{_core.law_suggestion(str(law))} (the laws: {known})")
    if "multicontact" in families and (multicontact or any(_MULTICONTACT_ARGUMENT.match(n) for n in inputs)):
        return "multicontact"
    return families[0]


def evaluate(law: str, *, constraints: bool = False, contacts: int | None = None, solver: str | None = None,
             errors: str = "raise", threads: int = 0, as_frame: bool = True, **inputs):
    """Evaluates `law` on N collisions given as arrays, bit for bit as `collsweep eval` does.

    Inputs are the columns of `collsweep eval` (docs/commands.md), each a number or a 1-D array (numbers
    broadcast to the arrays' length N):
      planar laws:        W_nn, W_nt, W_tt, v_n, v_t, mu, e (e_t, s1, s2, ratio for the laws that read them)
      spatial laws (-3d): W_nn, W_n1, W_n2, W_11, W_12, W_22, v_n, v_1, v_2, mu, e (e_t)
      multi-contact laws: G_i_j (0 <= i <= j < 2k), g_1..g_2k, mu_1..mu_k, eN_1..eN_k, eT_1..eT_k
    or in matrix form: W as an (N, 2, 2) / (N, 3, 3) array (or one matrix) and v as (N, 2) / (N, 3);
    multi-contact G (or W) as (N, 2k, 2k), gamma as (N, 2k), and mu, eN, eT as (N, k) arrays.

    An input that another law of the family reads (e_t for stronge) passes through unread, as in
    `collsweep eval`; any other name is an error.

    Returns a pandas DataFrame: the input columns, then the outputs of `collsweep eval` (status as a
    categorical, Types and counts as integers, a missing value NaN); as_frame=False gives a dict of arrays.
    constraints=True appends Chatterjee's C1..C4 and eta (planar and spatial laws); contacts and solver are
    those of `collsweep eval` for the multi-contact laws. The rows are spread over `threads` threads (0: all
    cores) with the GIL released; the results do not depend on the thread count.

    Bad input raises ValueError naming the argument (and the first bad row): an unknown law, an argument
    the law does not read or one it needs but lacks, wrong shapes, a NaN or infinite value, and — with
    errors="raise", the default — any row whose input the law rejects (W not positive definite, v_n >= 0,
    mu < 0, e outside [0, 1], ...), with the law's reason. errors="flag" returns such rows with status
    "invalid: <reason>" instead, as the command line does. A row the law itself cannot resolve (a jam of the
    incremental laws, an LCP without solution, Smith's continuation not converged) is an outcome, not bad
    input: it always comes back with its status and NaN in the numbers the law did not produce.
    """
    if errors not in ("raise", "flag"):
        raise ValueError(f"errors='{errors}': expected 'raise' or 'flag'")
    family = law_family(law, inputs, contacts is not None or solver is not None)
    columns, k = expand_layouts(family, inputs)
    columns = broadcast_columns(columns)
    if contacts is None and k is not None:
        contacts = k
    shared = sum(law in laws for laws in _core.laws().values()) > 1
    if contacts is None and family == "multicontact" and shared:  # (k tells the command line's eval the family)
        contacts = sum(1 for name in columns if re.fullmatch(r"mu_\d+", name)) or None
    raw = _core.eval_columns(law, columns, "" if contacts is None else str(contacts), solver or "",
                             bool(constraints), int(threads))
    if errors == "raise" and not raw["valid"].all():
        codes, texts = raw["text"]["status"]
        bad_codes = [i for i, text in enumerate(texts) if text in _input_errors()]
        bad = np.isin(codes, bad_codes)
        if bad.any():
            row = int(np.argmax(bad))
            values = ", ".join(f"{n}={columns[n][row]!r}" for n in raw["inputs"])
            raise ValueError(f"row {row}: {texts[codes[row]]} (law {law}; {values})")
    first = {name: columns[name] for name in raw["inputs"] + raw["passed"]}
    if not as_frame:
        first.update(table_columns(raw))
        return first
    return table_frame(raw, first)
