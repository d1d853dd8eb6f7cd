# The PNG files of scripts/plot_maps.py: a rendered map figure's pixels and its text fields (title, notes).
"""PNG writing for the map figures: RGB (the figures are opaque), every row filtered by its difference to the row
above (PNG filter "Up": the maps' flat colours and white become zeros) and deflated at zlib level 3 — about a
third of Pillow's time (which tries every filter on every row) for files of the same size. Text fields as
matplotlib's savefig writes them: tEXt, or iTXt for text beyond Latin-1 (θ, —)."""
import struct
import zlib

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_LEVEL = 3
UP = 2  # PNG filter type: each byte minus the byte above it


def chunk(kind, data):
    """One PNG chunk: length, type, data, CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def text_chunk(key, value):
    """A text field: tEXt when Latin-1, else iTXt (uncompressed, UTF-8)."""
    try:
        return chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1"))
    except UnicodeEncodeError:
        return chunk(b"iTXt", key.encode("latin-1") + b"\0\0\0\0\0" + value.encode("utf-8"))


def write_png(path, rgba, dpi, text):
    """Writes the RGBA pixels of a rendered figure (rows from the top, opaque; any array or buffer of shape
    (height, width, 4)) as an RGB PNG of this resolution with these text fields ({key: text})."""
    pixels = np.asarray(rgba)
    height, width = pixels.shape[:2]
    rgb = np.ascontiguousarray(pixels[..., :3]).reshape(height, 3 * width)
    rows = np.empty((height, 1 + 3 * width), np.uint8)
    rows[:, 0] = UP
    rows[0, 1:] = rgb[0]
    np.subtract(rgb[1:], rgb[:-1], out=rows[1:, 1:])  # modulo 256, as PNG's filters are
    ppm = int(dpi / 0.0254 + 0.5)  # pixels per metre
    parts = [SIGNATURE, chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    parts += [text_chunk(key, value) for key, value in text.items()]
    parts += [chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
              chunk(b"IDAT", zlib.compress(rows.tobytes(), ZLIB_LEVEL)), chunk(b"IEND", b"")]
    with open(path, "wb") as f:
        f.write(b"".join(parts))
