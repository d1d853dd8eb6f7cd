# Where the parts of a map figure go — panels, colour bars, legend band, titles — worked out in inches from the
# figure's size and its labels' widths (scripts/map_drawing.py; CMake copies it as collsweep/_map_layout.py).
"""Layout of the map figures without drawing them first: matplotlib's constrained layout measures every tick
label and title in an extra pass over the figure, which took half of its drawing time (docs/maps.md)."""
import functools
import math
import weakref

TICK_SIZE = 7  # pt: tick labels of panels and colour bars (label_axes, colorbar)
LABEL_SIZE = 8  # pt: axis and colour bar labels, panel titles
EDGE = 0.08  # in: the figure's edge to anything drawn
TICKS = 0.1  # in: tick length and its pad to the tick label
LABEL_PAD = 0.06  # in: tick labels to the axis label
GAP = 0.18  # in: free space between one panel's labels and the next panel (beside it; below: ROW_GAP)
ROW_GAP = 0.05  # in: below a panel's axis label, to the title of the panel under it
BAR_PAD = 0.15  # in: a panel to its colour bar
BAR_WIDTH = 0.18  # in: a colour bar's short side (a bar below a panel: BAR_HEIGHT)
BAR_HEIGHT = 0.12

_layouts = weakref.WeakKeyDictionary()


def points(pt):
    """Inches of a length in points."""
    return pt / 72.0


def line_height(size):
    """Inches of one line of text of the font size."""
    return points(1.2 * size)


def text_width(text, size=TICK_SIZE):
    """Inches of a one-line text's width in the default font (no rendering: glyph metrics only)."""
    from matplotlib.font_manager import FontProperties

    if not text:
        return 0.0
    return font_text_width(text, FontProperties(size=size))


@functools.lru_cache(maxsize=4096)
def font_text_width(text, font):
    """Inches of a one-line text's width in a font (the same tick labels are measured for every map)."""
    from matplotlib.textpath import text_to_path

    return points(text_to_path.get_text_width_height_descent(text, font, ismath=False)[0])


def tick_label_width(axis):
    """Inches of the widest tick label an axis will show at its present limits (from its locator and
    formatter, without creating tick artists)."""
    labels = axis.get_major_formatter().format_ticks(list(axis.get_major_locator()()))
    return max((text_width(t) for t in labels), default=0.0)


class Layout:
    """A map figure's grid of panels (nrows x ncols, row by row) and the colour bars and legend added to it."""

    def __init__(self, fig, axes, nrows, ncols):
        self.fig, self.axes, self.nrows, self.ncols = fig, list(axes), nrows, ncols
        self.bars = []  # (colour bar, the panels it belongs to, side, shrink)
        self.legend_rows = 0
        _layouts[fig] = self

    def add_bar(self, bar, panels, side="right", shrink=1.0):
        """A colour bar right of one panel or of several ('right'), or below one panel ('bottom'); shrink is
        its length as a fraction of theirs."""
        self.bars.append((bar, list(panels), side, shrink))

    def arrange(self):
        """Places the panels and colour bars: left, top and bottom margins hold the panels' tick labels, axis
        labels and titles, the figure's title and the legend band; the right margin the grid's colour bar."""
        fig = self.fig
        width, height = fig.get_size_inches()
        shown = [ax for ax in self.axes if ax.axison]
        x_room = TICKS + line_height(TICK_SIZE) + (LABEL_PAD + line_height(LABEL_SIZE)) * any(
            ax.get_xlabel() for ax in shown)
        y_room = TICKS + max((tick_label_width(ax.yaxis) for ax in shown), default=0.0) + (
            LABEL_PAD + line_height(LABEL_SIZE)) * any(ax.get_ylabel() for ax in shown)
        title_room = (line_height(LABEL_SIZE) + 0.08) * any(ax.get_title() for ax in shown)
        title = getattr(fig, "_suptitle", None)  # matplotlib 3.6 has no getter of the figure's title
        suptitle = title.get_text() if title is not None else ""
        top = EDGE + (line_height(9) * (suptitle.count("\n") + 1) + 0.06 if suptitle else 0.0) + title_room
        bottom = EDGE + legend_band(self.legend_rows) + x_room
        # A bar of one panel in a grid of several columns is reserved beside every column, a bar of several
        # panels (or of the only one) in the right margin.
        right_bars = [(bar, len(panels) == 1 and self.ncols > 1) for bar, panels, side, _ in self.bars
                      if side == "right"]
        grid_bar = max((bar_room(bar) for bar, of_one in right_bars if not of_one), default=0.0)
        panel_bar = max((bar_room(bar) for bar, of_one in right_bars if of_one), default=0.0)
        below = max((BAR_PAD + bar_room(bar) for bar, _, side, _ in self.bars if side == "bottom"), default=0.0)
        left, right = EDGE + y_room, EDGE + grid_bar
        col_gap, row_gap = y_room + GAP + panel_bar, x_room + title_room + ROW_GAP + below
        cell_w = (width - left - right - (self.ncols - 1) * col_gap - self.ncols * panel_bar) / self.ncols
        cell_h = (height - top - bottom - below - (self.nrows - 1) * row_gap) / self.nrows
        # Panels a whole number of pixels apart, so that alike panels are drawn alike.
        cell_w = whole_pixels(cell_w + panel_bar + col_gap, fig.dpi) - panel_bar - col_gap
        cell_h = whole_pixels(cell_h + row_gap, fig.dpi) - row_gap
        for k, ax in enumerate(self.axes):
            r, c = divmod(k, self.ncols)
            x0 = left + c * (cell_w + panel_bar + col_gap)
            y0 = height - top - (r + 1) * cell_h - r * row_gap
            ax.set_position([x0 / width, y0 / height, max(cell_w, 0.1) / width, max(cell_h, 0.1) / height])
        for bar, panels, side, shrink in self.bars:
            boxes = [ax.get_position() for ax in panels]
            x0, x1 = min(b.x0 for b in boxes) * width, max(b.x1 for b in boxes) * width
            y0, y1 = min(b.y0 for b in boxes) * height, max(b.y1 for b in boxes) * height
            if side == "bottom":
                long = (x1 - x0) * shrink
                rect = [x0 + (x1 - x0 - long) / 2, y0 - x_room - BAR_PAD - BAR_HEIGHT, long, BAR_HEIGHT]
            else:
                long = (y1 - y0) * shrink
                rect = [x1 + BAR_PAD, y0 + (y1 - y0 - long) / 2, BAR_WIDTH, long]
            bar.ax.set_position([rect[0] / width, rect[1] / height, rect[2] / width, rect[3] / height])
            if bar.orientation == "vertical":
                pin_label(bar.ax.yaxis, TICKS + tick_label_width(bar.ax.yaxis) + LABEL_PAD, right=True)
            else:
                pin_label(bar.ax.xaxis, TICKS + line_height(TICK_SIZE) + LABEL_PAD)
        for ax in shown:
            pin_label(ax.xaxis, TICKS + line_height(TICK_SIZE) + LABEL_PAD)
            pin_label(ax.yaxis, y_room - line_height(LABEL_SIZE))


def pin_label(axis, distance, right=False):
    """An axis label at a distance (inches) outside its axes' bottom, left or (right) right edge: placed so,
    matplotlib does not measure the tick labels of the axes again to place it."""
    from matplotlib.transforms import ScaledTranslation

    ax = axis.axes
    if axis.axis_name == "x":
        where, shift = (0.5, 0.0), (0.0, -distance)
    else:
        where, shift = ((1.0, 0.5), (distance, 0.0)) if right else ((0.0, 0.5), (-distance, 0.0))
    axis.set_label_coords(*where, transform=ax.transAxes + ScaledTranslation(*shift, ax.figure.dpi_scale_trans))


def whole_pixels(length, dpi):
    """A length in inches rounded down to whole pixels."""
    return math.floor(length * dpi + 1e-9) / dpi


def legend_band(rows):
    """Inches of the band along the bottom that holds a legend of so many rows (0: none)."""
    return 0.12 + 0.17 * rows if rows else 0.0


def bar_room(bar):
    """Inches a colour bar takes beside its panel: the pad, the bar, its tick labels and its label."""
    label = bar.ax.get_ylabel() if bar.orientation == "vertical" else bar.ax.get_xlabel()
    labels = LABEL_PAD + line_height(LABEL_SIZE) if label else 0.0
    if bar.orientation == "vertical":
        return BAR_PAD + BAR_WIDTH + TICKS + tick_label_width(bar.ax.yaxis) + labels
    return BAR_HEIGHT + TICKS + line_height(TICK_SIZE) + labels


def layout_of(fig):
    """The Layout of a figure made by map_drawing (None for a figure made elsewhere)."""
    return _layouts.get(fig)
