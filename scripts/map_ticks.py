# matplotlib 3.6's default linear-axis ticks (AutoLocator + ScalarFormatter) without matplotlib, for the raster maps.
"""Tick count, tick values and tick labels as matplotlib 3.6 draws them on a linear axis with default rcParams.

Ports of matplotlib.axis.{X,Y}Axis.get_tick_space, ticker.MaxNLocator (AutoLocator: steps 1, 2, 2.5, 5, 10),
transforms.nonsingular / _interval_contains_close and ticker.ScalarFormatter (no mathtext, no locale,
unicode minus). Standard library and NumPy only.
"""
import itertools
import math

import numpy as np

MINUS = "\N{MINUS SIGN}"
STEPS = np.array([1, 2, 2.5, 5, 10])  # AutoLocator's steps (rcParams _internal.classic_mode False)
# MaxNLocator._staircase(steps): the extended staircase the step is searched in.
EXTENDED_STEPS = np.concatenate([0.1 * STEPS[:-1], STEPS, [10 * STEPS[1]]])
MIN_N_TICKS = 2  # MaxNLocator default_params
POWER_LIMITS = (-5, 6)  # rcParams axes.formatter.limits
OFFSET_THRESHOLD = 4  # rcParams axes.formatter.offset_threshold


def tick_count(length_pt, font_pt, axis):
    """nbins of AutoLocator (MaxNLocator(nbins="auto")) on an axis `length_pt` points long, labels `font_pt` pt.

    XAxis.get_tick_space is floor(length / (3 * size)) (labels no wider than 3:1), YAxis.get_tick_space
    floor(length / (2 * size)); MaxNLocator._raw_ticks clips it to [max(1, min_n_ticks - 1), 9]. Returns an int.
    """
    size = font_pt * {"x": 3, "y": 2}[axis]
    space = int(np.floor(length_pt / size)) if size > 0 else 2**31 - 1
    return int(np.clip(space, max(1, MIN_N_TICKS - 1), 9))


def _nonsingular(vmin, vmax, expander, tiny):
    """transforms.nonsingular(vmin, vmax, expander, tiny, increasing=True): a range safe to divide."""
    if not np.isfinite(vmin) or not np.isfinite(vmax):
        return -expander, expander
    if vmax < vmin:
        vmin, vmax = vmax, vmin
    vmin, vmax = float(vmin), float(vmax)
    maxabsvalue = max(abs(vmin), abs(vmax))
    if maxabsvalue < (1e6 / tiny) * np.finfo(float).tiny:
        vmin, vmax = -expander, expander
    elif vmax - vmin <= maxabsvalue * tiny:
        if vmax == 0 and vmin == 0:
            vmin, vmax = -expander, expander
        else:
            vmin -= expander * abs(vmin)
            vmax += expander * abs(vmax)
    return vmin, vmax


def _scale_range(vmin, vmax, n=1, threshold=100):
    """ticker.scale_range: the power of ten of a bin, and an offset when the mean dwarfs the range."""
    dv = abs(vmax - vmin)
    meanv = (vmax + vmin) / 2
    if abs(meanv) / dv < threshold:
        offset = 0
    else:
        offset = math.copysign(10 ** (math.log10(abs(meanv)) // 1), meanv)
    scale = 10 ** (math.log10(dv / n) // 1)
    return scale, offset


class _EdgeInteger:
    """ticker._Edge_integer: n * step at the range's edges, with slop for the precision lost to the offset."""

    def __init__(self, step, offset):
        self.step = step
        self._offset = abs(offset)

    def closeto(self, ms, edge):
        if self._offset > 0:
            digits = np.log10(self._offset / self.step)
            tol = min(0.4999, max(1e-10, 10 ** (digits - 12)))
        else:
            tol = 1e-10
        return abs(ms - edge) < tol

    def le(self, x):
        """The largest n with n * step <= x."""
        d, m = divmod(x, self.step)
        return d + 1 if self.closeto(m / self.step, 1) else d

    def ge(self, x):
        """The smallest n with n * step >= x."""
        d, m = divmod(x, self.step)
        return d if self.closeto(m / self.step, 0) else d + 1


def _tick_values(vmin, vmax, nbins):
    """MaxNLocator.tick_values (no symmetric, no prune): the ticks over vmin..vmax plus one beyond each edge."""
    vmin, vmax = _nonsingular(vmin, vmax, expander=1e-13, tiny=1e-14)
    # MaxNLocator._raw_ticks, rcParams axes.autolimit_mode "data" (no round_numbers search), integer False.
    scale, offset = _scale_range(vmin, vmax, nbins)
    _vmin, _vmax = vmin - offset, vmax - offset
    raw_step = (_vmax - _vmin) / nbins
    steps = EXTENDED_STEPS * scale
    istep = np.nonzero(steps >= raw_step)[0][0]
    # The step found is an upper limit: move to smaller steps until min_n_ticks ticks lie in the range.
    for istep in reversed(range(istep + 1)):
        step = steps[istep]
        best_vmin = (_vmin // step) * step
        edge = _EdgeInteger(step, offset)
        low = edge.le(_vmin - best_vmin)
        high = edge.ge(_vmax - best_vmin)
        ticks = np.arange(low, high + 1) * step + best_vmin
        nticks = ((ticks <= _vmax) & (ticks >= _vmin)).sum()
        if nticks >= MIN_N_TICKS:
            break
    return ticks + offset


def locate(vmin, vmax, nbins):
    """The ticks matplotlib draws for view limits vmin..vmax: a list of floats, increasing.

    MaxNLocator(nbins, steps=[1, 2, 2.5, 5, 10]).tick_values(vmin, vmax), of which Axis._update_ticks draws those
    within the view interval up to transforms._interval_contains_close's tolerance (1e-10 of the range).
    """
    a, b = sorted((vmin, vmax))
    tol = (b - a) * 1e-10
    return [float(t) for t in _tick_values(vmin, vmax, nbins) if a - tol <= t <= b + tol]


def _fix_minus(s):
    """Formatter.fix_minus with rcParams axes.unicode_minus True."""
    return s.replace("-", MINUS)


def _compute_offset(locs, vmin, vmax):
    """ScalarFormatter._compute_offset: an additive offset when it saves at least offset_threshold digits."""
    locs = locs[(vmin <= locs) & (locs <= vmax)]  # restricted to visible ticks
    if not len(locs):
        return 0
    lmin, lmax = locs.min(), locs.max()
    # Only with at least two ticks that all have the same sign.
    if lmin == lmax or lmin <= 0 <= lmax:
        return 0
    abs_min, abs_max = sorted([abs(float(lmin)), abs(float(lmax))])
    sign = math.copysign(1, lmin)
    # The smallest power of ten to whose precision abs_min and abs_max are equal.
    oom_max = np.ceil(math.log10(abs_max))
    oom = 1 + next(oom for oom in itertools.count(oom_max, -1) if abs_min // 10 ** oom != abs_max // 10 ** oom)
    if (abs_max - abs_min) / 10 ** oom <= 1e-2:
        # Straddling a multiple of a large power of ten: the smallest one at which they are at most 1 apart.
        oom = 1 + next(oom for oom in itertools.count(oom_max, -1)
                       if abs_max // 10 ** oom - abs_min // 10 ** oom > 1)
    n = OFFSET_THRESHOLD - 1
    return sign * (abs_max // 10 ** oom) * 10 ** oom if abs_max // 10 ** oom >= 10 ** n else 0


def _order_of_magnitude(locs, vmin, vmax, offset):
    """ScalarFormatter._set_order_of_magnitude: the exponent of the multiplier, 0 inside axes.formatter.limits."""
    locs = np.abs(locs[(vmin <= locs) & (locs <= vmax)])  # restricted to visible ticks
    if not len(locs):
        return 0
    if offset:
        oom = math.floor(math.log10(vmax - vmin))
    else:
        val = locs.max()
        oom = 0 if val == 0 else math.floor(math.log10(val))
    return oom if oom <= POWER_LIMITS[0] or oom >= POWER_LIMITS[1] else 0


def _label_format(locs, vmin, vmax, offset, order):
    """ScalarFormatter._set_format: '%1.<n>f' with the fewest decimals that keep the ticks apart."""
    _locs = [*locs, vmin, vmax] if len(locs) < 2 else locs  # end points only for the range
    scaled = (np.asarray(_locs) - offset) / 10. ** order
    loc_range = np.ptp(scaled)
    if loc_range == 0:
        loc_range = np.max(np.abs(scaled))
    if loc_range == 0:
        loc_range = 1
    if len(locs) < 2:
        scaled = scaled[:-2]
    loc_range_oom = int(math.floor(math.log10(loc_range)))
    sigfigs = max(0, 3 - loc_range_oom)
    thresh = 1e-3 * 10 ** loc_range_oom
    while sigfigs >= 0:
        if np.abs(scaled - np.round(scaled, decimals=sigfigs)).max() < thresh:
            sigfigs -= 1
        else:
            break
    sigfigs += 1
    return "%1." + str(sigfigs) + "f"


def _format_data(value):
    """ScalarFormatter.format_data (no mathtext): '1e-06' style text of the offset, as '1e−6' / '1.5e3'."""
    e = math.floor(math.log10(abs(value)))
    s = round(value / 10 ** e, 10)
    exponent = _fix_minus("%d" % e)
    significand = _fix_minus("%d" % s if s % 1 == 0 else "%1.10g" % s)
    return significand if e == 0 else f"{significand}e{exponent}"


def format_ticks(values, vmin=None, vmax=None):
    """(labels, corner): ScalarFormatter's labels of tick `values` and its offset text at the axis end.

    vmin, vmax are the axis' view limits (default: the extreme values); ScalarFormatter.set_locs takes the offset
    and the multiplier from the ticks within them. labels is a list of str, corner a str ('' when none), both with
    the unicode minus.
    """
    locs = np.asarray(values, dtype=float)
    if not len(locs):
        return [], ""
    if vmin is None or vmax is None:
        vmin, vmax = locs.min(), locs.max()
    vmin, vmax = sorted((vmin, vmax))
    # ScalarFormatter.set_locs (useOffset True).
    offset = _compute_offset(locs, vmin, vmax)
    order = _order_of_magnitude(locs, vmin, vmax, offset)
    fmt = _label_format(locs, vmin, vmax, offset, order)
    labels = []
    for x in locs:  # ScalarFormatter.__call__
        xp = (x - offset) / (10. ** order)
        if abs(xp) < 1e-8:
            xp = 0
        labels.append(_fix_minus(fmt % xp))
    # ScalarFormatter.get_offset (no mathtext): the multiplier '1e<n>', then the offset with its sign.
    corner = ""
    if order or offset:
        offset_str = ""
        if offset:
            offset_str = _format_data(offset)
            if offset > 0:
                offset_str = "+" + offset_str
        sci_str = "1e%d" % order if order else ""
        corner = _fix_minus(sci_str + offset_str)
    return labels, corner
