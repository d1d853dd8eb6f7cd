# Where the parts of a map figure go — panels, colour bars, legend band, titles — worked out in inches from the
# figure's size and its labels' widths: place(), for the PNG maps (scripts/map_figure.py) and for matplotlib's
# figures of RunResult.plot() (Layout; CMake copies this file as collsweep/_map_layout.py).
"""Layout of the map figures without drawing them first (matplotlib's constrained layout measures every tick
label and title in an extra pass over the figure): one placing, place(), from the rooms its caller measured."""
import collections
import functools
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
        """Places the panels and colour bars (place()), measuring the panels' tick labels, axis labels and
        titles, the figure's title and the legend band; pins the axis labels at their distances."""
        fig = self.fig
        width, height = fig.get_size_inches()
        shown = [ax for ax in self.axes if ax.axison]
        title = getattr(fig, "_suptitle", None)  # matplotlib 3.6 has no getter of the figure's title
        suptitle = title.get_text() if title is not None else ""
        y_room = room_left(max((tick_label_width(ax.yaxis) for ax in shown), default=0.0),
                             any(ax.get_ylabel() for ax in shown))
        rooms = Rooms(room_below(any(ax.get_xlabel() for ax in shown)), y_room,
                      room_above(any(ax.get_title() for ax in shown)),
                      suptitle.count("\n") + 1 if suptitle else 0, self.legend_rows)
        index = {ax: k for k, ax in enumerate(self.axes)}
        boxes, bar_rects = place(width, height, self.nrows, self.ncols, len(self.axes), rooms,
                                 [([index[ax] for ax in panels], side, shrink, bar_room(bar))
                                  for bar, panels, side, shrink in self.bars])
        for ax, box in zip(self.axes, boxes):
            ax.set_position([box[0] / width, box[1] / height, box[2] / width, box[3] / height])
        for (bar, *_), rect in zip(self.bars, bar_rects):
            bar.ax.set_position([rect[0] / width, rect[1] / height, rect[2] / width, rect[3] / height])
            if bar.orientation == "vertical":
                pin_label(bar.ax.yaxis, TICKS + tick_label_width(bar.ax.yaxis) + LABEL_PAD, right=True)
            else:
                pin_label(bar.ax.xaxis, TICKS + line_height(TICK_SIZE) + LABEL_PAD)
        for ax in shown:
            pin_label(ax.xaxis, TICKS + line_height(TICK_SIZE) + LABEL_PAD)
            pin_label(ax.yaxis, y_room - line_height(LABEL_SIZE))


# What the margins of a figure hold, in inches: below a panel its tick labels and axis label (x_room), left
# of it its tick labels and axis label (y_room), above it its title (title_room); the figure's title lines
# and the legend's rows.
Rooms = collections.namedtuple("Rooms", "x_room y_room title_room title_lines legend_rows")


def room_below(labelled):
    """Inches below a panel: ticks, one line of tick labels and, when labelled, the axis label."""
    return TICKS + line_height(TICK_SIZE) + (LABEL_PAD + line_height(LABEL_SIZE)) * bool(labelled)


def room_left(widest_tick_label, labelled):
    """Inches left of a panel: ticks, its widest tick label and, when labelled, the axis label."""
    return TICKS + widest_tick_label + (LABEL_PAD + line_height(LABEL_SIZE)) * bool(labelled)


def room_above(titled):
    """Inches above a panel for its title."""
    return (line_height(LABEL_SIZE) + 0.08) * bool(titled)


def place(width, height, nrows, ncols, n, rooms, bars):
    """Where n panels in a grid of nrows x ncols (row by row) and their colour bars go in a figure of width x
    height inches: ([x0, y0, w, h] per panel, [x0, y0, w, h] per bar), inches from the bottom left. bars:
    (indices of its panels, side "right" or "bottom", shrink: its length as a fraction of theirs, the inches it
    takes beside them: bar_room) each. The left, top and bottom margins hold the panels' labels and titles,
    the figure's title and the legend band; a bar of several panels (or of the only one) sits in the right
    margin, a bar of one panel in a grid of several columns in room reserved beside every column."""
    top = EDGE + (line_height(9) * rooms.title_lines + 0.06 if rooms.title_lines else 0.0) + rooms.title_room
    bottom = EDGE + legend_band(rooms.legend_rows) + rooms.x_room
    right_bars = [(room, len(panels) == 1 and ncols > 1) for panels, side, _, room in bars if side == "right"]
    grid_bar = max((room for room, of_one in right_bars if not of_one), default=0.0)
    panel_bar = max((room for room, of_one in right_bars if of_one), default=0.0)
    below = max((BAR_PAD + room for _, side, _, room in bars if side == "bottom"), default=0.0)
    left, right = EDGE + rooms.y_room, EDGE + grid_bar
    col_gap = rooms.y_room + GAP + panel_bar
    row_gap = rooms.x_room + rooms.title_room + ROW_GAP + below
    cell_w = max((width - left - right - (ncols - 1) * col_gap - ncols * panel_bar) / ncols, 0.1)
    cell_h = max((height - top - bottom - below - (nrows - 1) * row_gap) / nrows, 0.1)
    boxes = []
    for k in range(n):
        r, c = divmod(k, ncols)
        boxes.append([left + c * (cell_w + panel_bar + col_gap), height - top - (r + 1) * cell_h - r * row_gap,
                      cell_w, cell_h])
    rects = []
    for panels, side, shrink, _ in bars:
        x0, y0 = min(boxes[k][0] for k in panels), min(boxes[k][1] for k in panels)
        x1 = max(boxes[k][0] + boxes[k][2] for k in panels)
        y1 = max(boxes[k][1] + boxes[k][3] for k in panels)
        if side == "bottom":
            long = (x1 - x0) * shrink
            rects.append([x0 + (x1 - x0 - long) / 2, y0 - rooms.x_room - BAR_PAD - BAR_HEIGHT, long, BAR_HEIGHT])
        else:
            long = (y1 - y0) * shrink
            rects.append([x1 + BAR_PAD, y0 + (y1 - y0 - long) / 2, BAR_WIDTH, long])
    return boxes, rects


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


def legend_band(rows):
    """Inches of the band along the bottom that holds a legend of so many rows (0: none)."""
    return 0.12 + 0.17 * rows if rows else 0.0


def bar_room(bar):
    """Inches a matplotlib colour bar takes beside its panel (bar_extent)."""
    vertical = bar.orientation == "vertical"
    label = bar.ax.get_ylabel() if vertical else bar.ax.get_xlabel()
    return bar_extent(vertical, tick_label_width(bar.ax.yaxis) if vertical else 0.0, bool(label))


def bar_extent(vertical, widest_tick_label, labelled):
    """Inches a colour bar takes beside its panel (vertical) or below it: the pad, the bar, its ticks and tick
    labels and, when labelled, its label."""
    labels = LABEL_PAD + line_height(LABEL_SIZE) if labelled else 0.0
    if vertical:
        return BAR_PAD + BAR_WIDTH + TICKS + widest_tick_label + labels
    return BAR_HEIGHT + TICKS + line_height(TICK_SIZE) + labels


def layout_of(fig):
    """The Layout of a figure made by map_drawing (None for a figure made elsewhere)."""
    return _layouts.get(fig)
