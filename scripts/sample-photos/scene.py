"""The table, the light and the camera of origami's sample photos: surfaces, a scene that composites shaded layers
with soft shadows, and `photograph`, which adds lamp light, vignette, keystone perspective, lens softness and noise.

The scene also keeps the ground truth of what it draws (`Scene.things`, summed up by `truth`): each object's outline,
paint, texture, where it ends up in the photo and how much of it stays visible. It comes from how the picture is
made, never from origami, so the tests can hold origami's description of the photo against it.
"""
import math

import numpy as np
from PIL import Image, ImageFilter
# Colours by the names of origami's colour table (Sources/CraftImages/NamedColour.swift).
PAINT = {
    "crimson": (220, 20, 60), "orange": (255, 140, 0), "gold": (255, 205, 0), "cream": (255, 248, 210),
    "coral": (255, 127, 80), "navy": (20, 30, 110), "teal": (0, 128, 128), "sky blue": (135, 200, 235),
    "lavender": (190, 170, 230), "white": (250, 250, 250), "silver": (192, 192, 196), "mustard": (215, 170, 30),
    "pink": (255, 185, 200), "sage": (156, 175, 136), "purple": (110, 30, 120), "green": (30, 150, 50),
    "light brown": (165, 115, 70), "dark brown": (70, 45, 30), "tan": (205, 165, 115), "grey": (128, 128, 128),
    "red": (230, 30, 30), "blue": (30, 90, 220), "black": (10, 10, 10),
}


def noise_field(h, w, cell, seed):
    """Smooth noise in 0…1: random values on a coarse grid, upsampled."""
    rng = np.random.default_rng(seed)
    small = rng.random((max(2, h // cell), max(2, w // cell)))
    image = Image.fromarray((small * 255).astype(np.uint8), "L").resize((w, h), Image.BICUBIC)
    return np.asarray(image, np.float32) / 255.0


def wood(w, h, base, seed, plank=260):
    """Planks of wood running across the picture, with grain, knots of tone and dark seams."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = noise_field(h, w, 90, seed) * 36
    grain = np.sin((y + warp) / 5.5 + np.sin(x / 210.0 + (y // plank)) * 2.5) * 0.5 + 0.5
    tone = noise_field(h, w, 140, seed + 1)
    alternate = ((y // plank) % 3) * 0.035
    shade = 0.80 + 0.10 * grain + 0.12 * tone - alternate
    surface = np.stack([base[i] * shade for i in range(3)], -1)
    seams = (y % plank) < 3
    surface[seams] *= 0.55
    return surface


def linen(w, h, base, seed):
    """A plain cloth-covered table: fine crossing threads and gentle unevenness."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    threads = (np.sin(x * 1.9) * np.sin(y * 2.1)) * 0.03
    shade = 0.93 + threads + 0.08 * (noise_field(h, w, 120, seed) - 0.5) + 0.04 * (noise_field(h, w, 3, seed + 2) - 0.5)
    return np.stack([base[i] * shade for i in range(3)], -1)


class Scene:
    """A table top being drawn on: objects are RGBA layers composited with a soft shadow under each."""

    def __init__(self, surface):
        self.pixels = surface.astype(np.float32)
        self.h, self.w = surface.shape[:2]
        self.things = []

    def layer(self):
        return Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))

    def add(self, layer, shadow=(16, 22), blur=13, strength=0.5, grain_seed=None, thing=None):
        """Composites an RGBA layer over the scene, casting its alpha as a blurred shadow first. `thing` (shows,
        shape, paints, texture) records the layer as one object of the ground truth; any layer hides what is under it."""
        alpha = layer.getchannel("A")
        covered = np.asarray(alpha) > 127
        for earlier in self.things:
            earlier["visible"] &= ~covered
        if thing is not None:
            self.things.append(dict(thing, drawn=covered, visible=covered.copy()))
        if strength > 0:
            cast = Image.new("L", (self.w, self.h), 0)
            cast.paste(alpha, shadow)
            cast = cast.filter(ImageFilter.GaussianBlur(blur))
            self.pixels *= 1 - strength * (np.asarray(cast, np.float32)[..., None] / 255.0)
        rgba = np.asarray(layer, np.float32)
        colour = rgba[..., :3]
        if grain_seed is not None:
            colour = colour * (1 + 0.05 * (noise_field(self.h, self.w, 2, grain_seed)[..., None] - 0.5))
        a = rgba[..., 3:4] / 255.0
        self.pixels = self.pixels * (1 - a) + colour * a


def shade(colour, factor):
    return tuple(int(max(0, min(255, c * factor))) for c in colour)


def rotated(points, angle, centre):
    c, s = math.cos(angle), math.sin(angle)
    return [(centre[0] + x * c - y * s, centre[1] + x * s + y * c) for x, y in points]


def square(centre, side, angle):
    half = side / 2
    return rotated([(-half, -half), (half, -half), (half, half), (-half, half)], angle, centre)


def find_coefficients(outputs, inputs):
    """The 8 perspective coefficients PIL needs to map output corners to input corners."""
    rows, values = [], []
    for (x, y), (u, v) in zip(outputs, inputs):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        values += [u, v]
    return np.linalg.solve(np.array(rows, float), np.array(values, float)).tolist()


def truth(scene, keystone):
    """The scene's objects as ground truth: what each shows, its outline, paint and texture, its centre in the photo
    (fractions of width and height, through the keystone), the share of the picture it covers, the share of it left
    visible, and the objects it touches."""
    h, w = scene.h, scene.w
    inset = keystone * w
    forward = find_coefficients([(0, 0), (w, 0), (w - inset, h), (inset, h)], [(0, 0), (w, 0), (w, h), (0, h)])
    a, b, c, d, e, f, g, k = forward

    def grown(mask, steps=3):
        out = mask.copy()
        for _ in range(steps):
            out[1:] |= out[:-1].copy()
            out[:-1] |= out[1:].copy()
            out[:, 1:] |= out[:, :-1].copy()
            out[:, :-1] |= out[:, 1:].copy()
        return out

    objects = []
    for index, thing in enumerate(scene.things):
        ys, xs = np.nonzero(thing["visible"])
        x, y = xs.mean() + 0.5, ys.mean() + 0.5
        divisor = g * x + k * y + 1
        centre = ((a * x + b * y + c) / divisor / w, (d * x + e * y + f) / divisor / h)
        near = grown(thing["visible"])
        touches = [other for other, thing2 in enumerate(scene.things) if other != index and (near & thing2["visible"]).any()]
        objects.append({
            "shows": thing["shows"], "shape": thing["shape"], "paints": [list(paint) for paint in thing["paints"]],
            "texture": thing["texture"],
            "centre": [round(float(centre[0]), 3), round(float(centre[1]), 3)],
            "share": round(float(thing["visible"].sum() / (w * h)), 4),
            "visible": round(float(thing["visible"].sum() / thing["drawn"].sum()), 2), "touches": touches,
        })
    return objects


def photograph(scene, seed, keystone=0.06, light=(0.28, 0.18), warmth=(1.03, 1.0, 0.95)):
    """Turns the drawn table into a photo: light and vignette, keystone perspective, lens softness, sensor noise.
    The scene's ground truth is left in `scene.truth`."""
    scene.truth = truth(scene, keystone)
    h, w = scene.h, scene.w
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    lamp = 0.80 + 0.30 * np.exp(-(((x - light[0] * w) ** 2 + (y - light[1] * h) ** 2) / (2 * (0.55 * w) ** 2)))
    vignette = 1 - 0.22 * (((x - w / 2) / (w / 2)) ** 2 + ((y - h / 2) / (h / 2)) ** 2) / 2
    lit = scene.pixels * (lamp * vignette)[..., None] * np.array(warmth, np.float32)
    image = Image.fromarray(np.clip(lit, 0, 255).astype(np.uint8))
    inset = keystone * w
    coefficients = find_coefficients([(0, 0), (w, 0), (w, h), (0, h)], [(0, 0), (w, 0), (w - inset, h), (inset, h)])
    image = image.transform((w, h), Image.PERSPECTIVE, coefficients, Image.BICUBIC)
    image = image.filter(ImageFilter.GaussianBlur(0.7))
    rng = np.random.default_rng(seed)
    grain = rng.normal(0, 3.2, (h, w, 3)) + rng.normal(0, 2.0, (h, w, 1))
    return Image.fromarray(np.clip(np.asarray(image, np.float32) + grain, 0, 255).astype(np.uint8))
