# Renders a map figure of scripts/plot_maps.py over a kept image of its frame — the panels' axes with their ticks
# and labels, the colour bars, the legend — which the maps of one kind share and which is most of the drawing time.
"""Agg rendering of a map figure in two passes: the frame (figure and panel backgrounds, the panels' axes with their
ticks and labels, the colour bars and the legend) is drawn once and kept as pixels while the next map's frame is the
same (the same places, limits and labels, and no forget()); each map then draws only its own artists over it —
cells, hatching, spines, titles, notes — in matplotlib's own order. Figures made with map_drawing only."""
import weakref

import map_layout as layout

_kept = weakref.WeakKeyDictionary()  # figure -> (frame key, the frame's pixels)


def attach_canvas(fig):
    """Gives a figure made outside pyplot the Agg canvas that render() draws it on."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)


def forget(fig):
    """Drops the kept frame of a figure whose colour bars or legend were replaced."""
    _kept.pop(fig, None)


def frame_artists(fig):
    """The artists of the frame: the figure's background, each panel's background and axes, the colour bars'
    Axes and the figure's legends."""
    grid = layout.layout_of(fig)
    return ([fig.patch] + [artist for ax in grid.axes for artist in (ax.patch, ax.xaxis, ax.yaxis)]
            + [bar.ax for bar, *_ in grid.bars] + list(fig.legends))


def frame_key(fig):
    """Where the frame's pixels follow from besides its artists: the figure's size and dpi, and per panel and
    colour bar its place, limits and axis labels with their placement (the ticks follow from place and limits)."""
    grid = layout.layout_of(fig)
    parts = [tuple(fig.get_size_inches()), fig.dpi]
    for ax in grid.axes + [bar.ax for bar, *_ in grid.bars]:
        parts.append((ax.get_visible(), ax.axison, ax.get_position().bounds, ax.get_xlim(), ax.get_ylim(),
                      label_place(ax.xaxis), label_place(ax.yaxis)))
    return tuple(parts)


def label_place(axis):
    """An axis label's text, position and transform (where map_layout pinned it); nothing more of an empty one,
    which matplotlib moves when it draws."""
    label = axis.label
    if not label.get_text():
        return ""
    return label.get_text(), label.get_position(), tuple(label.get_transform().get_matrix().ravel())


def draw_without(fig, renderer, hidden):
    """Draws the figure with these artists hidden (their visibility restored after)."""
    was = [a.get_visible() for a in hidden]
    for a in hidden:
        a.set_visible(False)
    try:
        fig.draw(renderer)
    finally:
        for a, visible in zip(hidden, was):
            a.set_visible(visible)


def render(fig):
    """Draws the figure (on an Agg canvas: attach_canvas) and returns its RGBA pixels (a memoryview, valid until
    it is drawn again): the frame from the kept pixels when it is unchanged, else drawn and kept; then the rest of
    the figure over it."""
    renderer = fig.canvas.get_renderer()
    panels = layout.layout_of(fig).axes
    frame = frame_artists(fig)
    key = frame_key(fig)
    kept = _kept.get(fig)
    if kept is not None and kept[0] == key:
        renderer.restore_region(kept[1])
    else:
        renderer.clear()
        in_frame = set(map(id, frame))
        outside = [a for a in fig.get_children() if id(a) not in in_frame and a not in panels]
        outside += [a for ax in panels for a in ax.get_children() if id(a) not in in_frame]
        draw_without(fig, renderer, outside)
        _kept[fig] = (key, renderer.copy_from_bbox(fig.bbox))
    draw_without(fig, renderer, frame)
    return renderer.buffer_rgba()


def render_whole(fig):
    """Draws the whole figure in one pass (a figure drawn once) and returns its RGBA pixels."""
    renderer = fig.canvas.get_renderer()
    renderer.clear()
    fig.draw(renderer)
    return renderer.buffer_rgba()
