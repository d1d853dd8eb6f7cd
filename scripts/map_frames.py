# Renders a map figure of scripts/plot_maps.py over a kept image of its frame — the panels' axes with their ticks
# and labels, the colour bars, the legend — which the maps of one kind share and which is most of the drawing time.
"""Agg rendering of a map figure in two passes: the frame (figure and panel backgrounds, the panels' axes with their
ticks and labels, the colour bars and the legend) is drawn once and kept as pixels while the next map's frame is the
same (the same places, limits and labels; forget() drops it when colour bars or legend are replaced); each map then
draws only its own artists over it — cells, hatching, spines, titles, notes — in matplotlib's own order. The axes
of alike panels are drawn once and copied. Figures made with map_drawing only."""
import math
import weakref

import numpy as np

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
        content = [a for a in fig.get_children() if id(a) not in in_frame and a not in panels]
        content += [a for ax in panels for a in ax.get_children() if id(a) not in in_frame]
        axes = [a for ax in panels for a in (ax.patch, ax.xaxis, ax.yaxis)]
        bars_and_legend = frame[1 + len(axes):]
        # The panels' axes first (each alike panel's copied from the first), then colour bars and legend, as
        # matplotlib's order has them.
        copies = copied_axes(panels, renderer)
        copied = [a for ax, _, _ in copies for a in (ax.patch, ax.xaxis, ax.yaxis)]
        draw_without(fig, renderer, content + copied + bars_and_legend)
        pixels = np.asarray(renderer.buffer_rgba())
        for _, (r0, r1, c0, c1), (dr, dc) in copies:
            to = pixels[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            np.minimum(to, pixels[r0:r1, c0:c1], out=to)
        draw_without(fig, renderer, content + axes + [fig.patch])
        _kept[fig] = (key, renderer.copy_from_bbox(fig.bbox))
    draw_without(fig, renderer, frame)
    return renderer.buffer_rgba()


def copied_axes(panels, renderer):
    """The panels whose axes (background, ticks, labels) are those of an earlier panel moved by whole pixels,
    as (panel, the earlier panel's block of pixels (rows, columns), the shift (rows, columns)): drawn once and
    copied, darker pixel over lighter, onto the white of the figure (map_layout keeps the panels' axes apart)."""
    first, copies = {}, []
    height, width = np.asarray(renderer.buffer_rgba()).shape[:2]
    for ax in panels:
        if not (ax.get_visible() and ax.axison):
            continue
        box = ax.bbox
        likeness = (round(box.width, 6), round(box.height, 6), ax.get_xlim(), ax.get_ylim(),
                    label_offset(ax.xaxis), label_offset(ax.yaxis))
        if likeness not in first:
            first[likeness] = [box, None, ax]
            continue
        origin, block, leader = first[likeness]
        if block is None:  # measured for the first panel with another alike
            block = first[likeness][1] = pixel_block(leader, renderer)
        dx, dy = box.x0 - origin.x0, box.y0 - origin.y0
        (r0, r1, c0, c1), (dr, dc) = block, (-round(float(dy)), round(float(dx)))
        inside = 0 <= r0 + dr and r1 + dr <= height and 0 <= c0 + dc and c1 + dc <= width
        if abs(dx - dc) < 1e-6 and abs(dy + dr) < 1e-6 and inside:
            copies.append((ax, block, (dr, dc)))
    return copies


def label_offset(axis):
    """An axis label's text and where it is drawn from its panel's lower left corner, in pixels."""
    label = axis.label
    where = label.get_transform().transform(label.get_position()) - axis.axes.bbox.p0
    return label.get_text(), round(float(where[0]), 6), round(float(where[1]), 6), label.get_rotation()


def pixel_block(ax, renderer, pad=2):
    """The rows and columns of the pixels of a panel's axes: its box, tick labels and axis labels."""
    boxes = [ax.bbox, ax.xaxis.get_tightbbox(renderer), ax.yaxis.get_tightbbox(renderer)]
    boxes = [b for b in boxes if b is not None]
    x0, x1 = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
    y0, y1 = min(b.y0 for b in boxes), max(b.y1 for b in boxes)
    height, width = np.asarray(renderer.buffer_rgba()).shape[:2]
    top = renderer.height  # display y is measured up from the bottom of this height
    c0, c1 = max(math.floor(x0) - pad, 0), min(math.ceil(x1) + pad, width)
    r0, r1 = max(math.floor(top - y1) - pad, 0), min(math.ceil(top - y0) + pad, height)
    return r0, r1, c0, c1


def render_whole(fig):
    """Draws the whole figure in one pass (a figure drawn once) and returns its RGBA pixels."""
    renderer = fig.canvas.get_renderer()
    renderer.clear()
    fig.draw(renderer)
    return renderer.buffer_rgba()
