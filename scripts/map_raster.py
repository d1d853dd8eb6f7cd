# The pixels of a map figure: an RGB canvas with filled and blended rectangles, cells, hatching, lines and text
# (FreeType through Pillow, in DejaVu Sans: matplotlib's font), for scripts/map_figure.py.
"""Raster drawing on a NumPy RGB array. Coordinates are pixels from the top left; a length in points is
pt · dpi / 72 pixels. The maps are axis-aligned rectangles, so only text and the colour bar's arrow need
anti-aliasing (FreeType's glyphs, a supersampled triangle)."""
import functools
import importlib.util
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_NAME = "DejaVuSans.ttf"
# matplotlib's copy of DejaVu Sans (a pip install, then Debian's), then Debian's fonts-dejavu-core.
FONT_DIRS = ["/usr/share/matplotlib/mpl-data/fonts/ttf", "/usr/share/fonts/truetype/dejavu"]


class FontMissing(ImportError):
    """No DejaVu Sans where the maps look for it (said like an import error: the maps cannot be drawn)."""


@functools.lru_cache(maxsize=1)
def font_file():
    """The path of DejaVu Sans: beside an installed matplotlib (without importing it), else a system copy."""
    dirs = list(FONT_DIRS)
    spec = importlib.util.find_spec("matplotlib")
    for location in (spec.submodule_search_locations or []) if spec else []:
        dirs.insert(0, os.path.join(location, "mpl-data", "fonts", "ttf"))
    for folder in dirs:
        path = os.path.join(folder, FONT_NAME)
        if os.path.isfile(path):
            return path
    raise FontMissing(f"no {FONT_NAME} in {', '.join(dirs)} (install matplotlib or fonts-dejavu-core)")


@functools.lru_cache(maxsize=64)
def font(size_px):
    """DejaVu Sans at this size in pixels (the em, as matplotlib's font size)."""
    return ImageFont.truetype(font_file(), size=max(1, size_px))


def parse_color(color):
    """RGB floats 0..1 of "#rrggbb", a grey level "0.4", a name among white/black/none, or a sequence."""
    if isinstance(color, str):
        if color.startswith("#"):
            return np.array([int(color[k:k + 2], 16) for k in (1, 3, 5)]) / 255.0
        named = {"white": (1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0)}
        if color in named:
            return np.array(named[color])
        return np.full(3, float(color))
    return np.asarray(color, float)[:3]


class Canvas:
    """An opaque RGB image (white) of width x height pixels at dpi."""

    def __init__(self, width, height, dpi):
        self.dpi = dpi
        self.rgb = np.full((height, width, 3), 255.0, np.float32)

    @property
    def height(self):
        return self.rgb.shape[0]

    @property
    def width(self):
        return self.rgb.shape[1]

    def px(self, pt):
        """Pixels of a length in points."""
        return pt * self.dpi / 72.0

    def pixels(self):
        """The image as (height, width, 3) bytes (every blend stays within 0..255)."""
        return (self.rgb + 0.5).astype(np.uint8)

    def blend(self, x0, y0, coverage, color, alpha=1.0):
        """Lays color over the pixels from (x0, y0) (whole pixels) weighted by coverage (an array 0..1)."""
        h, w = coverage.shape
        cx0, cy0 = max(x0, 0), max(y0, 0)
        cx1, cy1 = min(x0 + w, self.width), min(y0 + h, self.height)
        if cx1 <= cx0 or cy1 <= cy0:
            return
        a = coverage[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0, None].astype(np.float32) * np.float32(alpha)
        region = self.rgb[cy0:cy1, cx0:cx1]
        region += a * ((255.0 * parse_color(color)).astype(np.float32) - region)

    def fill(self, x0, y0, x1, y1, color, alpha=1.0):
        """A rectangle between pixel edges x0..x1, y0..y1, rounded to whole pixels (at least one pixel wide and
        high where it is not empty: thin lines stay visible)."""
        (ix0, ix1), (iy0, iy1) = whole_pixels(x0, x1), whole_pixels(y0, y1)
        if ix1 <= ix0 or iy1 <= iy0:
            return
        if alpha >= 1.0:  # opaque: the pixels take the colour
            self.rgb[max(iy0, 0):max(iy1, 0), max(ix0, 0):max(ix1, 0)] = 255.0 * parse_color(color)
        else:
            self.blend(ix0, iy0, np.ones((iy1 - iy0, ix1 - ix0)), color, alpha)

    def line(self, x0, y0, x1, y1, width_px, color, dashes=None):
        """A horizontal or vertical line of width_px pixels (dashes: on, off lengths in pixels)."""
        half = max(width_px, 1.0) / 2
        if abs(y1 - y0) < 1e-9:  # horizontal
            segments = dash_segments(min(x0, x1), max(x0, x1), dashes)
            for a, b in segments:
                self.fill(a, y0 - half, b, y0 + half, color)
        else:
            for a, b in dash_segments(min(y0, y1), max(y0, y1), dashes):
                self.fill(x0 - half, a, x0 + half, b, color)

    def frame(self, x0, y0, x1, y1, width_px, color="black"):
        """A rectangle's outline, centred on its edges."""
        self.line(x0, y0, x1, y0, width_px, color)
        self.line(x0, y1, x1, y1, width_px, color)
        self.line(x0, y0 - width_px / 2, x0, y1 + width_px / 2, width_px, color)
        self.line(x1, y0 - width_px / 2, x1, y1 + width_px / 2, width_px, color)

    def cells(self, box, xe, ye, rgba):
        """Cells of a grid over the pixel box (x0, y0, x1, y1) whose data limits are xe[0]..xe[-1] (left to
        right) and ye[0]..ye[-1] (bottom to top): each pixel takes the colour of the cell its centre lies in
        (rgba: (ny, nx, 4) floats; alpha 0 leaves a cell undrawn)."""
        drawn = rgba[..., 3] > 0
        if not np.any(drawn):
            return
        (ix, px0), (iy, py0) = pixel_cells(box[0], box[2], xe), pixel_cells(box[3], box[1], ye)
        if len(ix) == 0 or len(iy) == 0:
            return
        region = self.rgb[py0:py0 + len(iy), px0:px0 + len(ix)]
        if np.all(rgba[..., 3] == 1.0):  # opaque cells: each pixel its cell's colour
            region[...] = (255.0 * rgba[..., :3]).astype(np.float32)[iy[:, None], ix[None, :]]
            return
        rows, cols = np.nonzero(drawn)  # blend only the pixel rows and columns of drawn cells
        ry = np.nonzero(np.isin(iy, rows))[0]
        rx = np.nonzero(np.isin(ix, cols))[0]
        colors = rgba.astype(np.float32)[iy[ry][:, None], ix[rx][None, :]]
        part = region[ry[:, None], rx[None, :]]
        part += colors[..., 3:4] * (255.0 * colors[..., :3] - part)
        region[ry[:, None], rx[None, :]] = part

    def hatch(self, box, xe, ye, mask, color, width_px, spacing_px, alpha=1.0):
        """Diagonal hatching ("/", lines spacing_px apart, anchored to the image) over the cells where mask
        (ny, nx) is true."""
        if not np.any(mask):
            return
        (ix, px0), (iy, py0) = pixel_cells(box[0], box[2], xe), pixel_cells(box[3], box[1], ye)
        if len(ix) == 0 or len(iy) == 0:
            return
        where = mask[iy[:, None], ix[None, :]]
        x = np.arange(px0, px0 + len(ix))[None, :] + 0.5
        y = np.arange(py0, py0 + len(iy))[:, None] + 0.5
        # distance of the pixel centre to the nearest line x + y = k·spacing·√2, across the line
        phase = np.mod(x + y, spacing_px * math.sqrt(2.0)) / math.sqrt(2.0)
        distance = np.minimum(phase, spacing_px - phase)
        coverage = np.clip(width_px / 2 + 0.5 - distance, 0.0, 1.0) * where
        self.blend(px0, py0, coverage, color, alpha)

    def polygon(self, points, color):
        """A filled polygon (pixel coordinates), anti-aliased by drawing it 4x larger and averaging."""
        pts = np.asarray(points, float)
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        k = 4
        image = Image.new("L", ((x1 - x0) * k, (y1 - y0) * k), 0)
        ImageDraw.Draw(image).polygon([((x - x0) * k, (y - y0) * k) for x, y in pts], fill=255)
        cover = np.asarray(image, float).reshape(y1 - y0, k, x1 - x0, k).mean(axis=(1, 3)) / 255.0
        self.blend(x0, y0, cover, color)

    def text(self, x, y, text, size_pt, ha="left", va="baseline", color="black", rotation=0):
        """One line of text at (x, y): ha left/center/right, va top/center/baseline/bottom of its line
        (ascent + descent); rotation 90 turns it to read upwards, (x, y) then its centre line's ends
        (ha, va as for the turned text: "left" its bottom end)."""
        if not text:
            return
        cover, ascent = text_coverage(text, int(round(self.px(size_pt))))
        h, w = cover.shape
        dx = {"left": 0.0, "center": w / 2, "right": float(w)}[ha]
        dy = {"top": 0.0, "center": h / 2, "baseline": float(ascent), "bottom": float(h)}[va]
        if rotation == 90:
            cover = np.rot90(cover)
            self.blend(int(round(x - dy)), int(round(y - w + dx)), cover, color)
        else:
            self.blend(int(round(x - dx)), int(round(y - dy)), cover, color)

    def text_width(self, text, size_pt):
        """Pixels of a one-line text's advance width."""
        return text_width_px(text, int(round(self.px(size_pt))))


@functools.lru_cache(maxsize=4096)
def text_width_px(text, size_px):
    """Pixels of a one-line text's advance width in DejaVu Sans at size_px."""
    return font(size_px).getlength(text) if text else 0.0


@functools.lru_cache(maxsize=4096)
def text_coverage(text, size_px):
    """A text's glyph coverage 0..1 over its line box (advance width x ascent + descent) and its ascent."""
    f = font(size_px)
    ascent, descent = f.getmetrics()
    width = int(math.ceil(f.getlength(text))) + 1
    image = Image.new("L", (max(width, 1), ascent + descent), 0)
    ImageDraw.Draw(image).text((0, 0), text, font=f, fill=255)
    return np.asarray(image, float) / 255.0, ascent


def whole_pixels(a, b):
    """The whole pixel edges nearest to a..b (a pixel centred on them when they round to one edge)."""
    lo, hi = sorted((a, b))
    i0, i1 = math.floor(lo + 0.5), math.floor(hi + 0.5)
    if i1 == i0 and hi > lo:
        i0 = math.floor((lo + hi) / 2)
        i1 = i0 + 1
    return i0, i1


def dash_segments(a, b, dashes):
    """The drawn pieces of a line from a to b: itself, or its dashes (on, off lengths) from a."""
    if not dashes:
        return [(a, b)]
    on, off = dashes
    return [(s, min(s + on, b)) for s in np.arange(a, b, on + off)]


def pixel_cells(p0, p1, edges):
    """Per whole pixel between pixel edges p0 and p1 (p1 < p0 for an upward y axis), the index of the cell of
    edges its centre lies in, and the first pixel: ([cell per pixel], first pixel). The pixels run from
    min(p0, p1); pixels outside every cell are left out at both ends."""
    lo, hi = int(round(min(p0, p1))), int(round(max(p0, p1)))
    centres = np.arange(lo, hi) + 0.5
    data = edges[0] + (centres - p0) / (p1 - p0) * (edges[-1] - edges[0])
    index = np.searchsorted(edges, data, side="right") - 1
    inside = (index >= 0) & (index < len(edges) - 1)
    if not np.any(inside):
        return np.zeros(0, int), lo
    first, last = np.argmax(inside), len(inside) - np.argmax(inside[::-1])
    return index[first:last], lo + first
