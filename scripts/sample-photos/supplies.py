"""Craft supplies, a finished crane and an inspiration print, drawn onto a Scene."""
import math

import numpy as np
from PIL import Image, ImageDraw

from scene import PAINT, noise_field, rotated, shade, square


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
    scene.add(layer, grain_seed=seed, thing=dict(shows="a stack of square origami paper", shape="square",
                                                 paints=[PAINT[colours[(sheets - 1) % len(colours)]]], texture="flat"))


def loose_sheet(scene, centre, side, colour, angle, seed):
    layer = scene.layer()
    ImageDraw.Draw(layer).polygon(square(centre, side, angle), fill=PAINT[colour] + (255,),
                                  outline=shade(PAINT[colour], 0.75) + (255,))
    scene.add(layer, shadow=(6, 9), blur=6, strength=0.35, grain_seed=seed,
              thing=dict(shows="a loose sheet of origami paper", shape="square", paints=[PAINT[colour]], texture="flat"))


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
    scene.add(layer, shadow=(22, 30), blur=20, strength=0.55,
              thing=dict(shows="a ball of yarn", shape="round", paints=[PAINT[colour]], texture="fibrous"))


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
    scene.add(layer, shadow=(10, 14), blur=6, strength=0.45,
              thing=dict(shows="a metal knitting needle", shape="long", paints=[PAINT[colour]], texture=None))


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
    scene.add(layer, shadow=(7, 10), blur=7, strength=0.35,
              thing=dict(shows=f"a swatch of {pattern[0]} fabric", shape="square", paints=[PAINT[pattern[1]], PAINT[pattern[2]]],
                         texture="patterned"))


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
    scene.add(layer, shadow=(18, 24), blur=14, strength=0.5,
              thing=dict(shows="a round tin of buttons", shape="round", paints=[PAINT["silver"]], texture=None))


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
    scene.add(layer, shadow=(30, 16), blur=16, strength=0.5, grain_seed=seed,
              thing=dict(shows="a folded paper crane", shape="irregular", paints=[PAINT[colour]], texture="flat"))


SUNSET = dict(sky=((255, 150, 10), (-70, -100, 120)), sun=("gold", 0.62, 0.42, 0.09),
              ridges=[("purple", 0.48, 0.08, 5.0), ("navy", 0.56, 0.06, 9.0)], shows="a sunset")


def sunset_print(scene, centre, size, angle, seed, look=SUNSET):
    """A printed landscape photo (by default a sunset over mountains and a lake) with a white border, lying on the
    table. `look` sets the sky's top colour and its change to the horizon, the sun or moon (paint, centre as
    fractions, radius as a fraction of the height), the ridges (paint, height, amplitude, frequency) and what the
    print shows, for the manifest."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = yy / (h * 0.6)
    (top, change) = look["sky"]
    sky = np.stack([top[i] + change[i] * t for i in range(3)], -1)
    image = np.clip(sky, 0, 255)
    paint, sun_x, sun_y, radius = look["sun"]
    sun = ((xx - w * sun_x) ** 2 + (yy - h * sun_y) ** 2) < (h * radius) ** 2
    image[sun] = PAINT[paint]
    for depth, (colour, base, amplitude, frequency) in enumerate(look["ridges"]):
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
    scene.add(layer, shadow=(8, 12), blur=8, strength=0.4,
              thing=dict(shows=f"a printed photo of {look['shows']} with a white border", shape="rectangle", paints=[],
                         texture="flat"))
