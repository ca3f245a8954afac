"""The paper cup, folded for real: each fold clips the paper's layers along a crease and reflects the moving part,
so every step's outline follows from the previous one."""
import math

import numpy as np
from PIL import ImageDraw

from scene import PAINT, rotated, shade

CUP_STEPS = [
    "Place the square paper coloured side down as a diamond and fold the bottom corner up to the top corner, "
    "making a triangle with the fold along the bottom.",
    "Fold the right corner across to the left edge so that the top edge of the folded flap lies level.",
    "Fold the left corner across to the right edge the same way, so both flaps cross and their top edges are level.",
    "Fold the front layer of the top point down over the flaps, along their top edges.",
    "Turn the model over and fold the other layer of the top point down the same way.",
    "Open the cup by gently pressing its two side edges toward each other.",
]


# The progress series of SamplePhotos/progress/ (and of scripts/make-rendered-folds): file, state of the paper after
# `cup`'s folds, the step the photo is checked against, whether it shows that step complete, and what it shows.
PROGRESS_SERIES = [
    ("cup-step1-done.jpg", "1", 1, True, "the square folded into a triangle, fold at the bottom"),
    ("cup-step2-wrong.jpg", "2-slanted", 2, False, "the right corner folded across, but the flap's top edge slants"),
    ("cup-step2-done.jpg", "2", 2, True, "the right corner folded across with the flap's top edge level"),
    ("cup-step3-unfinished.jpg", "2", 3, False, "only the right corner folded; the left corner is not folded yet"),
    ("cup-step3-done.jpg", "3", 3, True, "both corners folded across, flaps crossing with level top edges"),
    ("cup-step4-done.jpg", "4", 4, True, "the front layer of the top point folded down over the flaps"),
    ("cup-step5-unfinished.jpg", "4", 5, False, "the back layer of the top point still standing up"),
    ("cup-step6-done.jpg", "5", 6, True, "the finished cup, opened at the top"),
    ("cup-step1-unfinished.jpg", "0", 1, False, "the square sheet lying flat, coloured side up, not folded yet"),
    ("cup-step6-unfinished.jpg", "5", 6, False, "the cup folded flat; it has not been opened yet"),
    ("cup-step4-unfinished.jpg", "3", 4, False, "both flaps crossed, the top point still standing up"),
    ("cup-step5-done.jpg", "5", 5, True, "both layers of the top point folded down, the cup still flat"),
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
    scene.add(layer, shadow=(10, 14), blur=9, strength=0.45, grain_seed=seed,
              thing=dict(shows="a sheet of origami paper, folded", shape="irregular" if opened else outline(paper),
                         paints=[PAINT[colour]] + ([(246, 243, 234)] if any(up == "white" for _, up, _ in paper.layers) else []),
                         texture="flat"))


def outline(paper):
    """The folded paper's outline by its corners: the convex hull of every layer's corners, without corners that
    turn by less than 8°; "irregular" when the layers' union is not convex."""
    points = sorted({(round(x, 6), round(y, 6)) for polygon, _, _ in paper.layers for x, y in polygon})

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for point in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    for point in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    hull = lower[:-1] + upper[:-1]
    corners = []
    for index, point in enumerate(hull):
        before, after = hull[index - 1], hull[(index + 1) % len(hull)]
        turn = math.degrees(abs(math.atan2(after[1] - point[1], after[0] - point[0])
                                - math.atan2(point[1] - before[1], point[0] - before[0])))
        if min(turn, 360 - turn) >= 8:
            corners.append(point)
    hull_area = polygon_area(corners)
    # The union's area, measured on a fine grid over the hull's box.
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    grid = np.mgrid[min(ys):max(ys):400j, min(xs):max(xs):400j]
    inside = np.zeros(grid[0].shape, bool)
    for polygon, _, _ in paper.layers:
        inside |= convex_contains(polygon, grid[1], grid[0])
    union = inside.mean() * (max(xs) - min(xs)) * (max(ys) - min(ys))
    if union < 0.97 * hull_area:
        return "irregular"
    return {3: "triangle", 4: "four-sided", 5: "five-sided", 6: "six-sided"}.get(len(corners), "irregular")


def polygon_area(polygon):
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(polygon, polygon[1:] + polygon[:1]))) / 2


def convex_contains(polygon, x, y):
    """Whether the points (arrays x, y) lie inside a convex polygon given in either winding."""
    sides = [(b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) for a, b in zip(polygon, polygon[1:] + polygon[:1])]
    return np.logical_and.reduce([side >= -1e-9 for side in sides]) | np.logical_and.reduce([side <= 1e-9 for side in sides])
