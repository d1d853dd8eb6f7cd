# A map figure without matplotlib: panels with their axes, ticks, labels and titles, colour bars, a legend band
# and a title, placed as scripts/map_layout.py places matplotlib's and drawn by scripts/map_raster.py.
"""The figures of scripts/plot_maps.py as pixels. A Figure holds panels (data limits, axis labels, a title and
what is drawn in them, in data coordinates), colour bars (a scale, categories or a shade ramp, right of or below
their panels), legend entries and a title; render() places them with map_layout's margins and gaps (inches)
and draws them: text in DejaVu Sans at matplotlib's sizes, ticks where matplotlib's default locator puts them
(map_ticks), so a PNG reads as the matplotlib figure of the same map (RunResult.plot) does."""
import math

import numpy as np

import map_layout as L
from map_colormap import VIRIDIS, colormap_rgba
from map_drawing import HATCH_COLOR
from map_raster import Canvas, dash_segments, parse_color
from map_ticks import format_ticks, locate, tick_count

LINE_PT = 0.8  # spines, ticks, colour bar outlines (matplotlib's axes.linewidth)
TICK_PT = 3.5  # tick length and its pad to the label (matplotlib's defaults)
TITLE_PAD_PT = 6.0  # a panel's title above it (axes.titlepad)
HATCH_PER_INCH = 18  # "///": three lines of matplotlib's hatch density 6 per inch each
HATCH_LINE_PT = 0.6


class Panel:
    """One map panel: data limits, axis labels, title, and its drawing steps in data coordinates."""

    def __init__(self):
        self.xlim = self.ylim = (0.0, 1.0)
        self.xlabel = self.ylabel = self.title = self.note = ""
        self.steps = []  # (method name of Drawing, arguments)

    def add(self, step, *args):
        """A drawing step: a method of Drawing and its arguments, drawn in the order added."""
        self.steps.append((step, args))


class Bar:
    """A colour bar: "scale" (vmin, vmax, extend, label, table), "categories" (colours, names) or "ramp"
    (shade colours from vmin to vmax, label); beside panels (side "right") or below one ("bottom")."""

    def __init__(self, kind, panels, side="right", shrink=1.0, **what):
        self.kind, self.panels, self.side, self.shrink, self.what = kind, panels, side, shrink, what
        self.rect = None  # (x0, y0, x1, y1) pixels, once placed

    @property
    def label(self):
        return self.what.get("label", "")

    def limits(self):
        """The scale's ends; a scale of one value (a one-case law's shade ramp from 1/1 to 1) widened by a tenth
        of it on either side, as matplotlib's colour bar widens it (transforms.nonsingular, expander 0.1)."""
        lo, hi = float(self.what["vmin"]), float(self.what["vmax"])
        if hi > lo:
            return lo, hi
        return (lo - 0.1 * abs(lo), hi + 0.1 * abs(hi)) if lo != 0.0 else (-0.1, 0.1)

    def ticks(self, length_pt):
        """(positions 0..1 along the bar, labels, corner text)."""
        if self.kind == "categories":
            n = len(self.what["names"])
            return [(t + 0.5) / n for t in range(n)], list(self.what["names"]), ""
        lo, hi = self.limits()
        axis = "y" if self.side == "right" else "x"
        values = locate(lo, hi, tick_count(length_pt, L.TICK_SIZE, axis))
        labels, corner = format_ticks(values, lo, hi)
        return [(v - lo) / (hi - lo) for v in values], labels, corner


class Figure:
    """A figure of n panels in a near-square grid (as map_drawing.panel_grid), width x height inches at dpi."""

    def __init__(self, n, width=None, height=None, dpi=110):
        self.ncols = min(n, 3) if n != 4 else 2
        self.nrows = math.ceil(n / self.ncols)
        self.width = width or 3.4 * self.ncols + 1.0
        self.height = height or 2.9 * self.nrows + 0.6
        self.dpi = dpi
        self.panels = [Panel() for _ in range(n)]
        self.bars, self.legend, self.legend_ncol, self.title = [], [], 1, ""

    def add_bar(self, kind, panels, side="right", shrink=1.0, **what):
        """A colour bar of these panels (see Bar); returns it."""
        bar = Bar(kind, list(panels), side, shrink, **what)
        self.bars.append(bar)
        return bar

    def set_legend(self, entries, ncol=None):
        """Legend entries along the bottom (one row unless ncol): ("patch", label, face, hatch, alpha) or
        ("line", label, colour, dashed)."""
        self.legend, self.legend_ncol = list(entries), ncol or max(len(entries), 1)

    def render(self):
        """The figure's pixels, (height, width, 3) bytes."""
        canvas = Canvas(int(round(self.width * self.dpi)), int(round(self.height * self.dpi)), self.dpi)
        boxes = self.arrange(canvas)
        for panel, box in zip(self.panels, boxes):
            Drawing(canvas, panel, box).draw()
        for bar in self.bars:
            draw_bar(canvas, bar)
        draw_legend(canvas, self.legend, self.legend_ncol)
        for k, line in enumerate(self.title.split("\n") if self.title else []):
            canvas.text(canvas.width / 2, 0.02 * canvas.height + k * canvas.px(1.2 * 9), line, 9, "center", "top")
        return canvas.pixels()

    def arrange(self, canvas):
        """Places the panels (returns their pixel boxes x0, y0, x1, y1, from the top left) and the colour bars
        (bar.rect) with map_layout.place, measuring the tick labels with this renderer's font. The ticks
        follow from the panels' and bars' lengths and the room from the ticks: placed twice, the second time
        with the ticks of the first placing."""
        dpi, height = self.dpi, self.height
        rows = math.ceil(len(self.legend) / self.legend_ncol) if self.legend else 0
        guess = (height - 1.0) / self.nrows  # inches a panel is high, to count its first ticks
        heights, lengths = [guess] * len(self.panels), [guess * bar.shrink for bar in self.bars]
        for _ in range(2):
            widest = max((canvas.text_width(t, L.TICK_SIZE) for p, h in zip(self.panels, heights)
                          for t in y_ticks(p, h * 72)[1]), default=0.0) / dpi
            rooms = L.Rooms(L.room_below(any(p.xlabel for p in self.panels)),
                            L.room_left(widest, any(p.ylabel for p in self.panels)),
                            L.room_above(any(p.title for p in self.panels)),
                            self.title.count("\n") + 1 if self.title else 0, rows)
            bars = [([self.panels.index(p) for p in bar.panels], bar.side, bar.shrink,
                     L.bar_extent(bar.side == "right", max((canvas.text_width(t, L.TICK_SIZE)
                                                            for t in bar.ticks(length * 72)[1]), default=0.0) / dpi,
                                  bool(bar.label)))
                    for bar, length in zip(self.bars, lengths)]
            boxes, rects = L.place(self.width, height, self.nrows, self.ncols, len(self.panels), rooms, bars)
            heights = [box[3] for box in boxes]
            lengths = [rect[3] if bar.side == "right" else rect[2] for bar, rect in zip(self.bars, rects)]
        for bar, (x, y, w, h) in zip(self.bars, rects):
            bar.rect = (x * dpi, (height - y - h) * dpi, (x + w) * dpi, (height - y) * dpi)
        return [tuple(round(v * dpi) for v in (x, height - y - h, x + w, height - y)) for x, y, w, h in boxes]


def y_ticks(panel, length_pt):
    """(values, labels, corner text) of the ticks of a panel's y axis of this length in points."""
    lo, hi = panel.ylim
    values = locate(lo, hi, tick_count(length_pt, L.TICK_SIZE, "y"))
    return (values,) + tuple(format_ticks(values, lo, hi))


class Drawing:
    """A panel drawn on the canvas within its pixel box: its steps, then its frame, ticks, labels and title."""

    def __init__(self, canvas, panel, box):
        self.c, self.p, self.box = canvas, panel, box

    def x(self, v):
        (lo, hi), (x0, _, x1, _) = self.p.xlim, self.box
        return x0 + (np.asarray(v, float) - lo) / (hi - lo) * (x1 - x0)

    def y(self, v):
        (lo, hi), (_, y0, _, y1) = self.p.ylim, self.box
        return y1 - (np.asarray(v, float) - lo) / (hi - lo) * (y1 - y0)

    def fill(self, x0, y0, x1, y1, color, alpha=1.0):
        """A rectangle in pixels, clipped to the panel."""
        bx0, by0, bx1, by1 = self.box
        xa, xb = sorted((x0, x1))
        ya, yb = sorted((y0, y1))
        self.c.fill(max(xa, bx0), max(ya, by0), min(xb, bx1), min(yb, by1), color, alpha)

    def draw(self):
        for step, args in self.p.steps:
            getattr(self, step)(*args)
        self.axes()
        if self.p.note:
            self.note(self.p.note)

    # ---- steps (data coordinates)
    def cells(self, xe, ye, rgba):
        """Cells of a grid with bin edges xe, ye, each in its RGBA colour (alpha 0: undrawn)."""
        self.c.cells(self.box, xe, ye, np.asarray(rgba, float))

    def hatch(self, xe, ye, mask, alpha=1.0):
        """The "///" hatching of thin cells (mask), in the hatch colour."""
        self.c.hatch(self.box, xe, ye, np.asarray(mask, bool), HATCH_COLOR, hatch_width(self.c),
                     self.c.dpi / HATCH_PER_INCH, alpha)

    def span(self, x0, x1, color, alpha=1.0):
        """A band over the panel's height between data x0 and x1."""
        self.fill(self.x(x0), self.box[1], self.x(x1), self.box[3], color, alpha)

    def span_hatch(self, x0, x1, alpha):
        """The hatching of a thin bin of a one-axis map, over the panel's height."""
        box = (max(float(self.x(x0)), self.box[0]), self.box[1], min(float(self.x(x1)), self.box[2]), self.box[3])
        hatch_box(self.c, box, alpha)

    def band(self, xe, lo, hi, color, alpha):
        """Per bin a rectangle from lo to hi (a step line's Wilson band); NaN bins left out."""
        for i in range(len(xe) - 1):
            if np.isfinite(lo[i]) and np.isfinite(hi[i]):
                self.fill(self.x(xe[i]), self.y(hi[i]), self.x(xe[i + 1]), self.y(lo[i]), color, alpha)

    def step(self, xe, values, color, width_pt=1.2):
        """A step line over the bins (a NaN bin leaves a gap): a level per bin, risers between finite bins."""
        w = self.c.px(width_pt)
        for i in range(len(xe) - 1):
            if np.isfinite(values[i]):
                self.hline(values[i], color, width_pt, xe[i], xe[i + 1])
                if i + 1 < len(values) and np.isfinite(values[i + 1]):
                    y0, y1 = sorted((self.y(values[i]), self.y(values[i + 1])))
                    x = self.x(xe[i + 1])
                    self.fill(x - w / 2, y0 - w / 2, x + w / 2, y1 + w / 2, color)

    def hline(self, value, color, width_pt, x0=None, x1=None, dashes=None):
        """A horizontal line at data y = value between data x0 and x1 (the panel's width by default)."""
        y, w = float(self.y(value)), self.c.px(width_pt)
        a = self.box[0] if x0 is None else float(self.x(x0))
        b = self.box[2] if x1 is None else float(self.x(x1))
        if self.box[1] - w <= y <= self.box[3] + w:
            for s, e in dash_segments(a, b, [self.c.px(d) for d in dashes] if dashes else None):
                self.fill(s, y - w / 2, e, y + w / 2, color)

    def bars(self, x0, x1, heights, colors):
        """Vertical bars from 0 to heights over data x0..x1, each in its colour."""
        for a, b, h, color in zip(x0, x1, heights, colors):
            self.fill(self.x(a), self.y(h), self.x(b), self.y(0.0), color)

    # ---- the panel's frame and text
    def axes(self):
        c, (x0, y0, x1, y1) = self.c, self.box
        lw, tick = c.px(LINE_PT), c.px(TICK_PT)
        c.frame(x0, y0, x1, y1, lw)
        xv = locate(*self.p.xlim, tick_count((x1 - x0) * 72 / c.dpi, L.TICK_SIZE, "x"))
        xl, x_corner = format_ticks(xv, *self.p.xlim)
        for v, text in zip(xv, xl):
            x = float(self.x(v))
            c.line(x, y1, x, y1 + tick, lw, "black")
            c.text(x, y1 + 2 * tick, text, L.TICK_SIZE, "center", "top")
        yv, yl, y_corner = y_ticks(self.p, (y1 - y0) * 72 / c.dpi)
        for v, text in zip(yv, yl):
            y = float(self.y(v))
            c.line(x0 - tick, y, x0, y, lw, "black")
            c.text(x0 - 2 * tick, y, text, L.TICK_SIZE, "right", "center")
        c.text(x1, y1 + 2 * tick + c.px(1.2 * L.TICK_SIZE), x_corner, L.TICK_SIZE, "right", "top")
        c.text(x0, y0 - c.px(2), y_corner, L.TICK_SIZE, "left", "bottom")
        label_top = y1 + (L.TICKS + L.line_height(L.TICK_SIZE) + L.LABEL_PAD) * c.dpi
        c.text((x0 + x1) / 2, label_top, self.p.xlabel, L.LABEL_SIZE, "center", "top")
        widest = max((c.text_width(t, L.TICK_SIZE) for t in yl), default=0.0)
        c.text(x0 - L.TICKS * c.dpi - widest - L.LABEL_PAD * c.dpi, (y0 + y1) / 2, self.p.ylabel, L.LABEL_SIZE,
               "center", "bottom", rotation=90)
        c.text((x0 + x1) / 2, y0 - c.px(TITLE_PAD_PT), self.p.title, L.LABEL_SIZE, "center", "baseline")

    def note(self, text):
        """A note in the middle of the panel, in a white box with a grey edge."""
        c, (x0, y0, x1, y1) = self.c, self.box
        pad, width = c.px(0.3 * 9), c.text_width(text, 9)
        cx, cy, half_h = (x0 + x1) / 2, (y0 + y1) / 2, c.px(1.2 * 9) / 2
        c.fill(cx - width / 2 - pad, cy - half_h - pad, cx + width / 2 + pad, cy + half_h + pad, "white", 0.9)
        c.frame(cx - width / 2 - pad, cy - half_h - pad, cx + width / 2 + pad, cy + half_h + pad, c.px(1.0), "0.5")
        c.text(cx, cy, text, 9, "center", "center")


def draw_bar(c, bar):
    """A colour bar in its rect: its colours, outline, ticks with labels, its label, an arrow at the top of a
    scale whose values go beyond it."""
    x0, y0, x1, y1 = bar.rect
    lw, tick = c.px(LINE_PT), c.px(TICK_PT)
    vertical = bar.side == "right"
    length_px = (y1 - y0) if vertical else (x1 - x0)
    n = max(int(round(length_px)), 1)
    along = (np.arange(n) + 0.5) / n  # 0..1 from the bar's low end
    if bar.kind == "scale":
        lo, hi = bar.limits()
        rgba = colormap_rgba(lo + along * (hi - lo), lo, hi, bar.what.get("table", VIRIDIS))
    elif bar.kind == "categories":
        colors = np.array([parse_color(col) for col in bar.what["colors"]])
        rgba = np.concatenate([colors[np.minimum((along * len(colors)).astype(int), len(colors) - 1)],
                               np.ones((n, 1))], axis=1)
    else:  # ramp
        shades = np.asarray(bar.what["shades"], float)
        rgba = np.concatenate([shades[np.minimum((along * len(shades)).astype(int), len(shades) - 1)],
                               np.ones((n, 1))], axis=1)
    if vertical:
        c.cells((x0, y0, x1, y1), np.array([0.0, 1.0]), np.linspace(0.0, 1.0, n + 1), rgba[:, None, :])
    else:
        c.cells((x0, y0, x1, y1), np.linspace(0.0, 1.0, n + 1), np.array([0.0, 1.0]), rgba[None, :, :])
    c.frame(x0, y0, x1, y1, lw)
    if bar.kind == "scale" and bar.what.get("extend") == "max":
        top = rgba[-1, :3]
        tip = 0.05 * (y1 - y0)
        c.polygon([(x0, y0), (x1, y0), ((x0 + x1) / 2, y0 - tip)], top)
    positions, labels, corner = bar.ticks(length_px * 72 / c.dpi)
    widest = max((c.text_width(t, L.TICK_SIZE) for t in labels), default=0.0)
    for pos, text in zip(positions, labels):
        if vertical:
            y = y1 - pos * (y1 - y0)
            c.line(x1, y, x1 + tick, y, lw, "black")
            c.text(x1 + 2 * tick, y, text, L.TICK_SIZE, "left", "center")
        else:
            x = x0 + pos * (x1 - x0)
            c.line(x, y1, x, y1 + tick, lw, "black")
            c.text(x, y1 + 2 * tick, text, L.TICK_SIZE, "center", "top")
    if vertical:
        c.text(x0, y0 - c.px(2), corner, L.TICK_SIZE, "left", "bottom")
        c.text(x1 + L.TICKS * c.dpi + widest + L.LABEL_PAD * c.dpi, (y0 + y1) / 2, bar.label,
               L.LABEL_SIZE if bar.kind == "scale" else L.TICK_SIZE, "center", "top", rotation=90)
    else:
        c.text(x1, y1 + 2 * tick + c.px(1.2 * L.TICK_SIZE), corner, L.TICK_SIZE, "right", "top")
        c.text((x0 + x1) / 2, y1 + (L.TICKS + L.line_height(L.TICK_SIZE) + L.LABEL_PAD) * c.dpi, bar.label,
               L.TICK_SIZE, "center", "top")


def draw_legend(c, entries, ncol):
    """The legend centred along the bottom: entries in ncol columns (filled column by column), each a handle
    (a patch 2 x 0.7 em, or a line) and its label, in 7 pt."""
    if not entries:
        return
    em = c.px(L.TICK_SIZE)
    rows = math.ceil(len(entries) / ncol)
    columns = [entries[k * rows:(k + 1) * rows] for k in range(ncol)]
    widths = [max(2.0 * em + 0.8 * em + c.text_width(e[1], L.TICK_SIZE) for e in col) for col in columns if col]
    total = sum(widths) + 2.0 * em * (len(widths) - 1)
    row_h = c.px(1.2 * L.TICK_SIZE) + 0.5 * em
    top = c.height - (0.5 + 0.4) * em - rows * row_h + 0.5 * em
    x = (c.width - total) / 2
    for col, width in zip(columns, widths):
        for r, entry in enumerate(col):
            cy = top + r * row_h + c.px(1.2 * L.TICK_SIZE) / 2
            draw_handle(c, entry, x, cy, 2.0 * em, 0.7 * em)
            c.text(x + 2.8 * em, cy, entry[1], L.TICK_SIZE, "left", "center")
        x += width + 2.0 * em


def draw_handle(c, entry, x, cy, w, h):
    """A legend handle: a patch (face colour, hatching, alpha) or a line (dashed or not)."""
    if entry[0] == "line":
        _, _, color, dashed = entry
        lw = c.px(1.2 if not dashed else 0.8)
        pieces = dash_segments(x, x + w, [c.px(3.7 * 0.8), c.px(1.6 * 0.8)] if dashed else None)
        for a, b in pieces:
            c.fill(a, cy - lw / 2, b, cy + lw / 2, color)
        return
    _, _, face, hatched, alpha = entry
    box = (x, cy - h / 2, x + w, cy + h / 2)
    if face is not None:
        c.fill(*box, face, alpha)
    if hatched:  # the thin cells' entry: hatched, with an edge in the hatch colour (matplotlib's Patch, 1 pt)
        hatch_box(c, box)
        c.frame(*box, c.px(1.0), HATCH_COLOR)


def hatch_width(c):
    """Pixels of a hatch line (at least 0.8: thinner lines vanish at low resolution)."""
    return max(c.px(HATCH_LINE_PT), 0.8)


def hatch_box(c, box, alpha=1.0):
    """Hatching over a whole pixel box."""
    one = np.array([0.0, 1.0])
    c.hatch(box, one, one, np.ones((1, 1), bool), HATCH_COLOR, hatch_width(c), c.dpi / HATCH_PER_INCH, alpha)
