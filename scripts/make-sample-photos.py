#!/usr/bin/env python3
"""Renders origami's sample photos procedurally (run through scripts/make-sample-photos, which provides Pillow,
pillow-heif and NumPy in a venv).

Every picture is a scene on a table: a wood or linen surface, objects drawn as shaded polygons with soft shadows,
light falling from the top left, a slight keystone as from a phone held at an angle, lens softness and sensor
noise. The paper-cup progress series is folded for real: each fold clips the paper's layers along a crease and
reflects the moving part, so every step's outline follows from the previous one.
"""
import io
import json
import math
import sys
from pathlib import Path

import numpy as np
import pillow_heif
from PIL import Image, ImageDraw, ImageFilter

# Colours by the names of origami's colour table (Sources/CraftCore/Images/NamedColour.swift).
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

    def layer(self):
        return Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0))

    def add(self, layer, shadow=(16, 22), blur=13, strength=0.5, grain_seed=None):
        """Composites an RGBA layer over the scene, casting its alpha as a blurred shadow first."""
        alpha = layer.getchannel("A")
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


def photograph(scene, seed, keystone=0.06, light=(0.28, 0.18), warmth=(1.03, 1.0, 0.95)):
    """Turns the drawn table into a photo: light and vignette, keystone perspective, lens softness, sensor noise."""
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


# ---------------------------------------------------------------------------------------------------------------
# Supplies, a finished piece, an inspiration print


def paper_stack(scene, centre, side, colours, angle, sheets, seed):
    """A stack of square origami paper: sheets in cycling colours, edges stepping up toward the viewer."""
    rng = np.random.default_rng(seed)
    layer = scene.layer()
    draw = ImageDraw.Draw(layer)
    for index in range(sheets):
        colour = PAINT[colours[index % len(colours)]]
        jitter = rng.normal(0, 0.012)
        offset = (centre[0] + rng.normal(0, 1.5), centre[1] - index * 1.1 + rng.normal(0, 1.5))
        corners = square(offset, side, angle + jitter)
        draw.polygon(corners, fill=shade(colour, 0.97 + 0.03 * rng.random()) + (255,), outline=shade(colour, 0.72) + (255,))
    top = square((centre[0], centre[1] - sheets * 1.1), side, angle)
    draw.polygon(top, fill=PAINT[colours[(sheets - 1) % len(colours)]] + (255,), outline=shade(PAINT[colours[0]], 0.7) + (255,))
    scene.add(layer, grain_seed=seed)


def loose_sheet(scene, centre, side, colour, angle, seed):
    layer = scene.layer()
    ImageDraw.Draw(layer).polygon(square(centre, side, angle), fill=PAINT[colour] + (255,),
                                  outline=shade(PAINT[colour], 0.75) + (255,))
    scene.add(layer, shadow=(6, 9), blur=6, strength=0.35, grain_seed=seed)


def yarn_ball(scene, centre, radius, colour, seed):
    """A ball of yarn: hundreds of curved strands in slightly different tones, shaded as a sphere."""
    rng = np.random.default_rng(seed)
    cx, cy = centre
    box = int(radius * 2 + 8)
    ball = Image.new("RGB", (box, box), shade(PAINT[colour], 0.8))
    draw = ImageDraw.Draw(ball)
    for _ in range(900):
        bend = rng.uniform(0.6, 2.4) * radius
        ox, oy = box / 2 + rng.normal(0, radius * 0.9), box / 2 + rng.normal(0, radius * 0.9)
        start = rng.uniform(0, 360)
        tone = shade(PAINT[colour], rng.uniform(0.85, 1.15))
        draw.arc([ox - bend, oy - bend * rng.uniform(0.5, 1), ox + bend, oy + bend], start, start + rng.uniform(30, 90),
                 fill=tone, width=int(rng.integers(3, 6)))
    yy, xx = np.mgrid[0:box, 0:box].astype(np.float32)
    nx, ny = (xx - box / 2) / radius, (yy - box / 2) / radius
    inside = nx ** 2 + ny ** 2 <= 1
    nz = np.sqrt(np.clip(1 - nx ** 2 - ny ** 2, 0, 1))
    lambert = np.clip(-0.45 * nx - 0.55 * ny + 0.7 * nz, 0, 1)
    lit = np.asarray(ball, np.float32) * (0.62 + 0.5 * lambert)[..., None]
    rgba = np.concatenate([np.clip(lit, 0, 255), (inside * 255)[..., None].astype(np.float32)], -1).astype(np.uint8)
    layer = scene.layer()
    layer.paste(Image.fromarray(rgba, "RGBA"), (int(cx - box / 2), int(cy - box / 2)))
    trail = scene.layer()
    points = [(cx + radius * 0.7, cy + radius * 0.6)]
    for step in range(1, 40):
        points.append((points[-1][0] + 14, points[-1][1] + 9 * math.sin(step / 4) + 3))
    ImageDraw.Draw(trail).line(points, fill=shade(PAINT[colour], 0.9) + (255,), width=5, joint="curve")
    scene.add(trail, shadow=(4, 6), blur=3, strength=0.3)
    scene.add(layer, shadow=(22, 30), blur=20, strength=0.55)


def needle(scene, start, end, colour, width=13):
    """A knitting needle: a long rod with a point at `end` and a knob at `start`."""
    layer = scene.layer()
    draw = ImageDraw.Draw(layer)
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    px, py = -uy * width / 2, ux * width / 2
    tip = (x1 - ux * width * 2.5, y1 - uy * width * 2.5)
    draw.polygon([(x0 + px, y0 + py), (tip[0] + px, tip[1] + py), (x1, y1), (tip[0] - px, tip[1] - py), (x0 - px, y0 - py)],
                 fill=PAINT[colour] + (255,))
    draw.line([(x0 + px * 0.4, y0 + py * 0.4), (tip[0] + px * 0.4, tip[1] + py * 0.4)], fill=shade(PAINT[colour], 1.25) + (255,), width=3)
    draw.ellipse([x0 - width * 1.3, y0 - width * 1.3, x0 + width * 1.3, y0 + width * 1.3], fill=shade(PAINT[colour], 0.8) + (255,))
    scene.add(layer, shadow=(10, 14), blur=6, strength=0.45)


def swatch(scene, centre, size, pattern, angle, seed):
    """A square of fabric with a woven pattern, rotated and laid down."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a, b = (np.array(PAINT[name], np.float32) for name in pattern[1:3])
    kind = pattern[0]
    if kind == "gingham":
        mix = ((xx // 28) % 2 + (yy // 28) % 2) / 2
    elif kind == "stripes":
        mix = ((xx + yy * 0.0) // 18 % 2).astype(np.float32)
    elif kind == "dots":
        mix = ((((xx % 50) - 25) ** 2 + ((yy % 50) - 25) ** 2) < 110).astype(np.float32)
    else:
        mix = (noise_field(h, w, 24, seed) > 0.62).astype(np.float32)
    weave = 1 + 0.07 * np.sin(xx * 2.4) * np.sin(yy * 2.4)
    cloth = (a * (1 - mix[..., None]) + b * mix[..., None]) * weave[..., None]
    rgba = np.concatenate([np.clip(cloth, 0, 255), np.full((h, w, 1), 255, np.float32)], -1).astype(np.uint8)
    piece = Image.fromarray(rgba, "RGBA").rotate(math.degrees(angle), expand=True, resample=Image.BICUBIC)
    layer = scene.layer()
    layer.alpha_composite(piece, (int(centre[0] - piece.width / 2), int(centre[1] - piece.height / 2)))
    scene.add(layer, shadow=(7, 10), blur=7, strength=0.35)


def button_tin(scene, centre, radius, seed):
    """A round metal tin full of buttons of many colours, each with two or four holes."""
    rng = np.random.default_rng(seed)
    cx, cy = centre
    layer = scene.layer()
    draw = ImageDraw.Draw(layer)
    draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=PAINT["silver"] + (255,))
    draw.ellipse([cx - radius * 0.92, cy - radius * 0.92, cx + radius * 0.92, cy + radius * 0.92], fill=shade(PAINT["silver"], 0.62) + (255,))
    colours = ["crimson", "navy", "gold", "white", "teal", "coral", "black", "lavender", "green"]
    for _ in range(70):
        r = rng.uniform(12, 26)
        distance = rng.uniform(0, radius * 0.9 - r)
        theta = rng.uniform(0, 2 * math.pi)
        bx, by = cx + distance * math.cos(theta), cy + distance * math.sin(theta)
        colour = PAINT[colours[int(rng.integers(len(colours)))]]
        draw.ellipse([bx - r, by - r, bx + r, by + r], fill=shade(colour, 0.8) + (255,))
        draw.ellipse([bx - r * 0.8, by - r * 0.8, bx + r * 0.8, by + r * 0.8], fill=colour + (255,))
        holes = [(-0.25, 0), (0.25, 0)] if rng.random() < 0.5 else [(-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22)]
        for hx, hy in holes:
            draw.ellipse([bx + hx * r - 2.5, by + hy * r - 2.5, bx + hx * r + 2.5, by + hy * r + 2.5], fill=shade(colour, 0.4) + (255,))
    scene.add(layer, shadow=(18, 24), blur=14, strength=0.5)


def crane(scene, centre, scale, colour, seed):
    """A folded paper crane seen from the side and a little above: flat facets, each lit differently."""
    facets = [  # (points with y up, brightness)
        ([(-20, 10), (40, 12), (75, 235), (30, 190)], 0.78),  # far wing
        ([(-70, 0), (0, 38), (70, 0)], 1.05),  # back of the body
        ([(-70, 0), (0, -34), (70, 0)], 0.72),  # belly
        ([(-62, 2), (-30, -6), (-175, 165)], 0.92),  # neck
        ([(-175, 165), (-166, 150), (-205, 138)], 0.82),  # head
        ([(30, -6), (62, 2), (185, 158)], 0.88),  # tail
        ([(-45, 12), (10, 14), (-5, 258)], 1.15),  # near wing, lit half
        ([(10, 14), (45, 10), (-5, 258)], 0.95),  # near wing, shaded half
    ]
    layer = scene.layer()
    draw = ImageDraw.Draw(layer)
    for points, brightness in facets:
        placed = [(centre[0] + x * scale, centre[1] - y * scale) for x, y in points]
        draw.polygon(placed, fill=shade(PAINT[colour], brightness) + (255,), outline=shade(PAINT[colour], 0.6) + (255,))
    scene.add(layer, shadow=(30, 16), blur=16, strength=0.5, grain_seed=seed)


def sunset_print(scene, centre, size, angle, seed):
    """A printed landscape photo (sunset over mountains and a lake) with a white border, lying on the table."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = yy / (h * 0.6)
    sky = np.stack([255 - 70 * t, 150 - 100 * t, 10 + 120 * t], -1)
    image = np.clip(sky, 0, 255)
    sun = ((xx - w * 0.62) ** 2 + (yy - h * 0.42) ** 2) < (h * 0.09) ** 2
    image[sun] = PAINT["gold"]
    for depth, (colour, base, amplitude, frequency) in enumerate(
            [("purple", 0.48, 0.08, 5.0), ("navy", 0.56, 0.06, 9.0)]):
        ridge = h * (base + amplitude * np.sin(xx / w * frequency + depth) * np.cos(xx / w * 3.1))
        image[yy > ridge] = PAINT[colour]
    water = yy > h * 0.66
    reflection = np.clip(sky[(h - 1 - yy.astype(int)).clip(0, h - 1), xx.astype(int)] * 0.75, 0, 255)
    ripple = 0.85 + 0.15 * np.sin(yy * 0.9 + np.sin(xx * 0.05) * 2)
    image[water] = (reflection * ripple[..., None])[water]
    border = 34
    framed = np.full((h + 2 * border, w + 2 * border, 3), 250, np.float32)
    framed[border:border + h, border:border + w] = image
    alpha = np.full(framed.shape[:2] + (1,), 255, np.float32)
    picture = Image.fromarray(np.concatenate([framed, alpha], -1).astype(np.uint8), "RGBA")
    picture = picture.rotate(math.degrees(angle), expand=True, resample=Image.BICUBIC)
    layer = scene.layer()
    layer.alpha_composite(picture, (int(centre[0] - picture.width / 2), int(centre[1] - picture.height / 2)))
    scene.add(layer, shadow=(8, 12), blur=8, strength=0.4)


# ---------------------------------------------------------------------------------------------------------------
# The paper cup, folded layer by layer

CUP_STEPS = [
    "Place the square paper coloured side down as a diamond and fold the bottom corner up to the top corner, "
    "making a triangle with the fold along the bottom.",
    "Fold the right corner across to the left edge so that the top edge of the folded flap lies level.",
    "Fold the left corner across to the right edge the same way, so both flaps cross and their top edges are level.",
    "Fold the front layer of the top point down over the flaps, along their top edges.",
    "Turn the model over and fold the other layer of the top point down the same way.",
    "Open the cup by gently pressing its two side edges toward each other.",
]


class Paper:
    """Layers of a folded sheet, bottom first: convex polygons (y up, the square's half-diagonal is 1) with the
    side facing up ("colour" or "white") and a tag saying which half of the first fold they came from."""

    def __init__(self):
        self.layers = [([(0, -1), (1, 0), (0, 1), (-1, 0)], "white", "sheet")]

    @staticmethod
    def clip(polygon, point, normal, keep_positive):
        """Sutherland–Hodgman: the part of a polygon on one side of a line."""
        def side(p):
            value = (p[0] - point[0]) * normal[0] + (p[1] - point[1]) * normal[1]
            return value if keep_positive else -value
        out = []
        for index, current in enumerate(polygon):
            previous = polygon[index - 1]
            a, b = side(previous), side(current)
            if (a >= 0) != (b >= 0):
                t = a / (a - b)
                out.append((previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1])))
            if b >= 0:
                out.append(current)
        return out if len(out) >= 3 else None

    def fold(self, point, direction, moving_point, tags=None, behind=False):
        """Folds everything on `moving_point`'s side of the crease (through `point` along `direction`) over it."""
        length = math.hypot(*direction)
        ux, uy = direction[0] / length, direction[1] / length
        normal = (-uy, ux)
        moving_positive = (moving_point[0] - point[0]) * normal[0] + (moving_point[1] - point[1]) * normal[1] > 0
        stay, move = [], []
        for polygon, up, tag in self.layers:
            if tags is not None and tag not in tags:
                stay.append((polygon, up, tag))
                continue
            kept = self.clip(polygon, point, normal, not moving_positive)
            moved = self.clip(polygon, point, normal, moving_positive)
            if kept:
                stay.append((kept, up, tag))
            if moved:
                reflected = []
                for x, y in moved:
                    dx, dy = x - point[0], y - point[1]
                    along = dx * ux + dy * uy
                    reflected.append((point[0] + 2 * along * ux - dx, point[1] + 2 * along * uy - dy))
                move.append((reflected, "colour" if up == "white" else "white", tag))
        self.layers = list(reversed(move)) + stay if behind else stay + list(reversed(move))

    def tag_halves(self):
        self.layers = [(p, up, "back" if index == 0 else "front") for index, (p, up, _) in enumerate(self.layers)]


def corner_fold(paper, corner_x, crease_degrees, target_point, target_direction):
    """Folds the side corner (x = ±1 on the base) onto the target edge along a crease at the given angle; 67.5°
    makes the flap's upper edge level, other angles leave it slanted (the classic mistake). Returns the height the
    corner lands at and the crease, which is the edge the next corner goes to."""
    sign = 1 if corner_x > 0 else -1
    angle = math.radians(crease_degrees)
    direction = (math.cos(angle) * sign, math.sin(angle))

    def landing(x0):
        dx = corner_x - x0
        along = dx * direction[0]
        return (x0 + 2 * along * direction[0] - dx, 2 * along * direction[1])

    def miss(x0):
        image = landing(x0)
        return target_direction[0] * (image[1] - target_point[1]) - target_direction[1] * (image[0] - target_point[0])

    low, high = -0.99 * sign, 0.99 * sign
    for _ in range(80):  # bisection on where the crease meets the base
        middle = (low + high) / 2
        if (miss(middle) > 0) == (miss(low) > 0):
            low = middle
        else:
            high = middle
    x0 = (low + high) / 2
    paper.fold((x0, 0), direction, (corner_x, 0))
    return landing(x0)[1], (x0, 0), direction


def cup(state):
    """The paper after the first `state` folds (a string like "2" or "2-slanted")."""
    paper = Paper()
    steps = int(state[0])
    if steps >= 1:
        paper.fold((0, 0), (1, 0), (0, -1))
        paper.tag_halves()
    level = 0.4
    if steps >= 2:
        level, crease, direction = corner_fold(paper, 1, 52 if state.endswith("slanted") else 67.5, (-1, 0), (1, 1))
    if steps >= 3:
        other, _, _ = corner_fold(paper, -1, 67.5, crease, direction)
        level = max(level, other)
    if steps >= 4:
        paper.fold((0, level), (1, 0), (0, 1), tags={"front"})
    if steps >= 5:
        paper.fold((0, level), (1, 0), (0, 1), tags={"back"}, behind=True)
    return paper


def draw_paper(scene, paper, centre, size, angle, colour, seed, opened=False):
    layer = scene.layer()
    draw = ImageDraw.Draw(layer)
    count = len(paper.layers)
    for index, (polygon, up, _) in enumerate(paper.layers):
        base = PAINT[colour] if up == "colour" else (246, 243, 234)
        brightness = 0.9 + 0.1 * (index + 1) / count
        placed = rotated([(x * size, -y * size) for x, y in polygon], angle, centre)
        draw.polygon(placed, fill=shade(base, brightness) + (255,), outline=shade(base, 0.62) + (255,))
    if opened:  # the cup's mouth: an ellipse of shadowed white paper along the top edge
        top = max(y for polygon, _, _ in paper.layers for _, y in polygon)
        width = max(abs(x) for polygon, _, _ in paper.layers for x, y in polygon if y > top - 0.05) * 0.92
        mouth = [(width * size * math.cos(t), -top * size + 0.09 * size * math.sin(t))
                 for t in np.linspace(0, 2 * math.pi, 48, endpoint=False)]
        draw.polygon(rotated(mouth, angle, centre), fill=shade((246, 243, 234), 0.62) + (255,),
                     outline=shade(PAINT[colour], 0.7) + (255,))
    scene.add(layer, shadow=(10, 14), blur=9, strength=0.45, grain_seed=seed)


# ---------------------------------------------------------------------------------------------------------------
# The photos

LIGHT_WOOD = (200, 156, 105)
DARK_WOOD = (92, 60, 38)
GREY_LINEN = (214, 212, 212)
CREAM_LINEN = (236, 228, 210)


def paper_warm():
    scene = Scene(wood(1600, 1200, LIGHT_WOOD, 11))
    loose_sheet(scene, (1230, 330), 300, "gold", 0.5, 12)
    loose_sheet(scene, (1290, 420), 300, "crimson", 0.25, 13)
    paper_stack(scene, (620, 700), 470, ["cream", "gold", "orange", "crimson"], 0.12, 36, 14)
    paper_stack(scene, (1150, 860), 330, ["orange", "crimson"], -0.3, 18, 15)
    return photograph(scene, 16)


def paper_cool():
    scene = Scene(linen(1600, 1200, GREY_LINEN, 21))
    loose_sheet(scene, (340, 320), 320, "lavender", -0.35, 22)
    paper_stack(scene, (700, 680), 480, ["sky blue", "lavender", "teal", "navy"], -0.08, 40, 23)
    loose_sheet(scene, (1250, 980), 300, "sky blue", 0.4, 26)
    paper_stack(scene, (1230, 520), 360, ["navy", "teal"], 0.28, 22, 24)
    return photograph(scene, 25, light=(0.7, 0.15))


def yarn_and_needles():
    scene = Scene(wood(1600, 1200, LIGHT_WOOD, 31, plank=300))
    yarn_ball(scene, (1180, 420), 150, "navy", 33)
    yarn_ball(scene, (700, 650), 260, "coral", 32)
    needle(scene, (240, 1010), (1080, 360), "silver")
    needle(scene, (420, 1130), (980, 240), "silver")
    return photograph(scene, 34)


def fabric_and_buttons():
    scene = Scene(linen(1600, 1200, CREAM_LINEN, 41))
    swatch(scene, (430, 380), (440, 440), ("gingham", "white", "crimson"), 0.1, 42)
    swatch(scene, (820, 330), (420, 420), ("stripes", "cream", "navy"), -0.15, 43)
    swatch(scene, (560, 800), (460, 420), ("dots", "teal", "mustard"), 0.22, 44)
    swatch(scene, (940, 760), (420, 420), ("flowers", "sage", "pink"), -0.05, 45)
    button_tin(scene, (1290, 560), 250, 46)
    return photograph(scene, 47)


def paper_crane():
    scene = Scene(wood(1600, 1200, DARK_WOOD, 51))
    crane(scene, (820, 780), 2.3, "crimson", 52)
    return photograph(scene, 53, light=(0.5, 0.2))


def inspiration_sunset():
    scene = Scene(wood(1600, 1200, LIGHT_WOOD, 61, plank=220))
    sunset_print(scene, (800, 600), (1100, 760), -0.06, 62)
    return photograph(scene, 63)


def cup_photo(state, seed, opened=False):
    scene = Scene(wood(1200, 900, LIGHT_WOOD, 70 + seed, plank=240))
    rng = np.random.default_rng(seed)
    paper = cup(state)
    centre = (600 + rng.normal(0, 30), 560 + rng.normal(0, 20))
    draw_paper(scene, paper, centre, 420, rng.normal(0, 0.08), "teal", seed, opened=opened)
    return photograph(scene, 80 + seed, keystone=0.05)


SUPPLY_COLOURS = {}


def save_jpeg(image, path, orientation=None):
    if orientation is None:
        image.save(path, "JPEG", quality=85)
        return
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored = image.transpose(Image.Transpose.ROTATE_90) if orientation == 6 else image
    stored.save(path, "JPEG", quality=85, exif=exif)


def main(out):
    out = Path(out)
    (out / "progress").mkdir(parents=True, exist_ok=True)
    pillow_heif.register_heif_opener()
    photos = []

    def record(file, category, colours, texture="flat", **extra):
        photos.append({"file": file, "category": category, "colours": colours, "texture": texture, **extra})

    save_jpeg(paper_warm(), out / "paper-warm.jpg", orientation=6)
    record("paper-warm.jpg", "craft supplies", ["crimson", "orange", "gold", "light brown"], orientation=6,
           shows="two stacks and two loose sheets of origami paper in warm colours on a wooden table")
    paper_cool().resize((800, 600), Image.LANCZOS).save(out / "paper-cool.png", optimize=True)
    record("paper-cool.png", "craft supplies", ["navy", "teal", "sky blue", "lavender", "silver"],
           shows="two stacks and a loose sheet of origami paper in cool colours on a grey cloth")
    save_jpeg(yarn_and_needles(), out / "yarn-and-needles.jpg")
    record("yarn-and-needles.jpg", "craft supplies", ["coral", "navy", "silver", "light brown"], texture="fibrous",
           shows="a large coral ball of yarn, a small navy one and two metal knitting needles on a wooden table")
    fabric_and_buttons().save(out / "fabric-and-buttons.webp", "WEBP", quality=80, method=6)
    record("fabric-and-buttons.webp", "craft supplies", ["teal", "sage", "navy", "crimson", "pink", "mustard", "silver", "beige"],
           texture="patterned",
           shows="four fabric swatches (gingham, stripes, dots, flowers) and a tin of buttons on a cream cloth")
    paper_crane().save(out / "paper-crane.heic", "HEIF", quality=45)
    record("paper-crane.heic", "a finished craft piece", ["crimson", "dark brown"],
           shows="a folded crimson paper crane on a dark wooden table")
    save_jpeg(inspiration_sunset(), out / "inspiration-sunset.jpg")
    record("inspiration-sunset.jpg", "inspiration for the craft", ["orange", "coral", "purple", "navy", "gold", "white", "light brown"],
           shows="a printed photo of a sunset over mountains and a lake, with a white border, on a wooden table")

    series = [
        ("cup-step1-done.jpg", "1", 1, True, "the square folded into a triangle, fold at the bottom"),
        ("cup-step2-wrong.jpg", "2-slanted", 2, False, "the right corner folded across, but the flap's top edge slants"),
        ("cup-step2-done.jpg", "2", 2, True, "the right corner folded across with the flap's top edge level"),
        ("cup-step3-unfinished.jpg", "2", 3, False, "only the right corner folded; the left corner is not folded yet"),
        ("cup-step3-done.jpg", "3", 3, True, "both corners folded across, flaps crossing with level top edges"),
        ("cup-step4-done.jpg", "4", 4, True, "the front layer of the top point folded down over the flaps"),
        ("cup-step5-unfinished.jpg", "4", 5, False, "the back layer of the top point still standing up"),
        ("cup-step6-done.jpg", "5", 6, True, "the finished cup, opened at the top"),
    ]
    for index, (file, state, step, complete, shows) in enumerate(series):
        image = cup_photo(state, index + 1, opened=step == 6)
        save_jpeg(image, out / "progress" / file)
        finished = step == len(CUP_STEPS) and complete
        record("progress/" + file, "a finished craft piece" if finished else "craft supplies", ["teal", "light brown"],
               step=step, complete=complete, shows=shows)

    manifest = {
        "about": "Ground truth for the sample photos, rendered by scripts/make-sample-photos. Categories use the "
                 "brainstorm's three values; a progress photo before the last step counts as craft supplies (folded "
                 "paper). Colours are the names (from origami's colour table) of the paints the scene was drawn with, "
                 "main subject first. Texture is the surface the scene is mostly made of: flat (paper, print), fibrous "
                 "(yarn) or patterned (printed fabric).",
        "photos": photos,
        "progressSeries": {
            "model": "Paper cup",
            "paper": "one square sheet of teal origami paper, white on the back",
            "steps": CUP_STEPS,
            "photos": [p["file"] for p in photos if "step" in p],
        },
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "SamplePhotos")
