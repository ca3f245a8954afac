#!/usr/bin/env python3
"""Renders origami's sample photos procedurally and writes SamplePhotos/manifest.json (run through
scripts/make-sample-photos, which provides Pillow, pillow-heif and NumPy in a venv). With --manifest-only it draws
every scene but writes only the manifest, so the ground truth can change without touching the photos.

Every picture is a scene on a table: a wood or linen surface, objects drawn as shaded polygons with soft shadows,
light falling from the top left, a slight keystone as from a phone held at an angle, lens softness and sensor
noise. Fixed seeds make every run draw the same pictures.
"""
import json
import sys
from pathlib import Path

import numpy as np
import pillow_heif
from PIL import Image

from cup import CUP_STEPS, PROGRESS_SERIES, cup, draw_paper
from scene import Scene, linen, photograph, wood
from supplies import button_tin, crane, loose_sheet, needle, paper_stack, sunset_print, swatch, yarn_ball
from supplies import SUNSET

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
    return photograph(scene, 16), scene.truth


def paper_cool():
    scene = Scene(linen(1600, 1200, GREY_LINEN, 21))
    loose_sheet(scene, (340, 320), 320, "lavender", -0.35, 22)
    paper_stack(scene, (700, 680), 480, ["sky blue", "lavender", "teal", "navy"], -0.08, 40, 23)
    loose_sheet(scene, (1250, 980), 300, "sky blue", 0.4, 26)
    paper_stack(scene, (1230, 520), 360, ["navy", "teal"], 0.28, 22, 24)
    return photograph(scene, 25, light=(0.7, 0.15)), scene.truth


def yarn_and_needles():
    scene = Scene(wood(1600, 1200, LIGHT_WOOD, 31, plank=300))
    yarn_ball(scene, (1180, 420), 150, "navy", 33)
    yarn_ball(scene, (700, 650), 260, "coral", 32)
    needle(scene, (240, 1010), (1080, 360), "silver")
    needle(scene, (420, 1130), (980, 240), "silver")
    return photograph(scene, 34), scene.truth


def fabric_and_buttons():
    scene = Scene(linen(1600, 1200, CREAM_LINEN, 41))
    swatch(scene, (430, 380), (440, 440), ("gingham", "white", "crimson"), 0.1, 42)
    swatch(scene, (820, 330), (420, 420), ("stripes", "cream", "navy"), -0.15, 43)
    swatch(scene, (560, 800), (460, 420), ("dots", "teal", "mustard"), 0.22, 44)
    swatch(scene, (940, 760), (420, 420), ("flowers", "sage", "pink"), -0.05, 45)
    button_tin(scene, (1290, 560), 250, 46)
    return photograph(scene, 47), scene.truth


def paper_crane():
    scene = Scene(wood(1600, 1200, DARK_WOOD, 51))
    crane(scene, (820, 780), 2.3, "crimson", 52)
    return photograph(scene, 53, light=(0.5, 0.2)), scene.truth


def inspiration_sunset():
    scene = Scene(wood(1600, 1200, LIGHT_WOOD, 61, plank=220))
    sunset_print(scene, (800, 600), (1100, 760), -0.06, 62)
    return photograph(scene, 63), scene.truth


HILLS = dict(sky=((120, 180, 235), (60, 40, 10)), sun=("white", 0.25, 0.2, 0.07),
             ridges=[("sage", 0.5, 0.05, 4.0), ("green", 0.58, 0.04, 7.0)],
             shows="green hills under a blue sky by a lake")
NIGHT = dict(sky=((10, 15, 60), (30, 30, 60)), sun=("silver", 0.3, 0.3, 0.06),
             ridges=[("purple", 0.52, 0.07, 6.0), ("black", 0.6, 0.05, 11.0)],
             shows="a full moon over dark mountains and a lake")
DAWN = dict(sky=((255, 185, 200), (-40, 10, 30)), sun=("coral", 0.45, 0.5, 0.11),
            ridges=[("lavender", 0.5, 0.06, 3.0), ("teal", 0.6, 0.05, 8.0)],
            shows="a pink dawn over teal hills and a lake")


def landscape_print(look, surface, seed, size=(1000, 700), angle=0.05):
    """An inspiration print of `look` on a table, drawn like the sunset one."""
    scene = Scene(surface(1600, 1200, LIGHT_WOOD if surface is wood else CREAM_LINEN, seed))
    sunset_print(scene, (800, 600), size, angle, seed + 1, look)
    return photograph(scene, seed + 2), scene.truth


def crane_on(surface, base, colour, seed, scale=2.0):
    """A finished paper crane alone on a table."""
    scene = Scene(surface(1600, 1200, base, seed))
    crane(scene, (800, 760), scale, colour, seed + 1)
    return photograph(scene, seed + 2), scene.truth


def finished_cup(colour, seed):
    """A finished paper cup, opened, on dark wood: the whole series' folds in another colour."""
    scene = Scene(wood(1200, 900, DARK_WOOD, seed, plank=240))
    draw_paper(scene, cup("5"), (600, 560), 420, 0.06, colour, seed, opened=True)
    return photograph(scene, seed + 1, keystone=0.05), scene.truth


def cup_photo(state, seed, opened=False):
    """A photo of the cup after `state`'s folds; state "0" is the unfolded sheet, lying coloured side up (not yet
    turned over for the first fold) and drawn smaller so the whole square is in the picture."""
    scene = Scene(wood(1200, 900, LIGHT_WOOD, 70 + seed, plank=240))
    rng = np.random.default_rng(seed)
    paper = cup(state)
    size = 420
    if state == "0":
        paper.layers = [(polygon, "colour", tag) for polygon, _, tag in paper.layers]
        size = 280
    centre = (600 + rng.normal(0, 30), 560 + rng.normal(0, 20))
    draw_paper(scene, paper, centre, size, rng.normal(0, 0.08), "teal", seed, opened=opened)
    if state == "0":  # the unfolded sheet is the square it was cut as
        scene.things[-1]["shape"] = "square"
    return photograph(scene, 80 + seed, keystone=0.05), scene.truth





def save_jpeg(image, path, orientation=None):
    if MANIFEST_ONLY:
        return
    if orientation is None:
        image.save(path, "JPEG", quality=85)
        return
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored = image.transpose(Image.Transpose.ROTATE_90) if orientation == 6 else image
    stored.save(path, "JPEG", quality=85, exif=exif)


def save(image, path, *arguments, **options):
    if not MANIFEST_ONLY:
        image.save(path, *arguments, **options)


def main(out):
    out = Path(out)
    (out / "progress").mkdir(parents=True, exist_ok=True)
    pillow_heif.register_heif_opener()
    photos = []

    def record(file, category, colours, texture="flat", **extra):
        photos.append({"file": file, "category": category, "colours": colours, "texture": texture, **extra})

    image, objects = paper_warm()
    save_jpeg(image, out / "paper-warm.jpg", orientation=6)
    record("paper-warm.jpg", "craft supplies", ["crimson", "orange", "gold", "light brown"], orientation=6,
           shows="two stacks and two loose sheets of origami paper in warm colours on a wooden table", objects=objects)
    image, objects = paper_cool()
    save(image.resize((800, 600), Image.LANCZOS), out / "paper-cool.png", optimize=True)
    record("paper-cool.png", "craft supplies", ["navy", "teal", "sky blue", "lavender", "silver"],
           shows="two stacks and two loose sheets of origami paper in cool colours on a grey cloth", objects=objects)
    image, objects = yarn_and_needles()
    save_jpeg(image, out / "yarn-and-needles.jpg")
    record("yarn-and-needles.jpg", "craft supplies", ["coral", "navy", "silver", "light brown"], texture="fibrous",
           shows="a large coral ball of yarn, a small navy one and two metal knitting needles on a wooden table",
           objects=objects)
    image, objects = fabric_and_buttons()
    save(image, out / "fabric-and-buttons.webp", "WEBP", quality=80, method=6)
    record("fabric-and-buttons.webp", "craft supplies", ["teal", "sage", "navy", "crimson", "pink", "mustard", "silver", "beige"],
           texture="patterned",
           shows="four fabric swatches (gingham, stripes, dots, flowers) and a tin of buttons on a cream cloth",
           objects=objects)
    image, objects = paper_crane()
    save(image, out / "paper-crane.heic", "HEIF", quality=45)
    record("paper-crane.heic", "a finished craft piece", ["crimson", "dark brown"],
           shows="a folded crimson paper crane on a dark wooden table", objects=objects)
    image, objects = inspiration_sunset()
    save_jpeg(image, out / "inspiration-sunset.jpg")
    record("inspiration-sunset.jpg", "inspiration for the craft", ["orange", "coral", "purple", "navy", "gold", "white", "light brown"],
           shows="a printed photo of a sunset over mountains and a lake, with a white border, on a wooden table",
           objects=objects)

    # More inspiration prints and finished pieces, so each of the three categories has as many photos; in more/, so
    # a brainstorm on the folder itself still sees the six photos above.
    (out / "more").mkdir(exist_ok=True)
    extras = [
        ("more/inspiration-hills.jpg", "inspiration for the craft", landscape_print(HILLS, wood, 101),
         ["sky blue", "green", "sage", "white", "light brown"]),
        ("more/inspiration-night.png", "inspiration for the craft", landscape_print(NIGHT, linen, 111, angle=-0.08),
         ["navy", "silver", "purple", "black", "beige"]),
        ("more/inspiration-dawn.webp", "inspiration for the craft", landscape_print(DAWN, wood, 121, (900, 640)),
         ["pink", "coral", "lavender", "teal", "light brown"]),
        ("more/crane-gold.png", "a finished craft piece", crane_on(wood, LIGHT_WOOD, "gold", 141, 1.8),
         ["gold", "light brown"]),
        ("more/cup-finished-crimson.jpg", "a finished craft piece", finished_cup("crimson", 151),
         ["crimson", "dark brown"]),
    ]
    for file, category, (image, objects), colours in extras:
        if file.endswith(".png"):
            save(image.resize((800, 600), Image.LANCZOS), out / file, optimize=True)
        elif file.endswith(".webp"):
            save(image, out / file, "WEBP", quality=80, method=6)
        else:
            save_jpeg(image, out / file)
        record(file, category, colours, shows=objects[-1]["shows"] + " on a table", objects=objects)

    for index, (file, state, step, complete, shows) in enumerate(PROGRESS_SERIES):
        image, objects = cup_photo(state, index + 1, opened=step == 6 and complete)
        save_jpeg(image, out / "progress" / file)
        finished = step == len(CUP_STEPS) and complete
        record("progress/" + file, "a finished craft piece" if finished else "craft supplies", ["teal", "light brown"],
               step=step, complete=complete, shows=shows, objects=objects)

    manifest = {
        "about": "Ground truth for the sample photos, rendered by scripts/make-sample-photos. Categories use the "
                 "brainstorm's three values; a progress photo before the last step counts as craft supplies (folded "
                 "paper). Colours are the names (from origami's colour table) of the paints the scene was drawn with, "
                 "main subject first; they are a reader's guide, not test truth. Texture is the surface the scene is "
                 "mostly made of: flat (paper, print), fibrous (yarn) or patterned (printed fabric). Objects are the "
                 "things the scene script drew, in drawing order, recorded by the script as it drew them: what each "
                 "shows, its outline (square, rectangle, round, long, triangle, four-/five-/six-sided or irregular, "
                 "from the drawn geometry), its paints (sRGB), its texture (null: neither flat, fibrous nor "
                 "patterned), its centre in the photo (fractions of width and height, after the keystone), the share "
                 "of the picture it covers, the share of it left visible under later objects, and the objects it "
                 "touches (their indices).",
        "photos": photos,
        "progressSeries": {
            "model": "Paper cup",
            "paper": "one square sheet of teal origami paper, white on the back",
            "steps": CUP_STEPS,
            "photos": [p["file"] for p in photos if "step" in p],
        },
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


MANIFEST_ONLY = "--manifest-only" in sys.argv

if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--manifest-only"]
    main(arguments[0] if arguments else "SamplePhotos")
