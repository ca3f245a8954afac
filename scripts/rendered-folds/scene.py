"""Blender scene for scripts/make-rendered-folds: the paper cup's layers as thin sheets on a table, lit and photographed
with Cycles' path tracer, so the picture has what a camera photo has and SamplePhotos/ draws only in 2-D: perspective
from a hand-held camera at a slant, a camera distance that changes between photos, light that falls off across the
table, cast shadows, paper that does not lie quite flat, wood grain, a checked cloth, a gridded cutting mat and things
lying around.

    blender -b --factory-startup --python-exit-code 1 -P scene.py -- LAYERS.json SETTING SEED STATE OUT.jpg

LAYERS.json is what layers.py prints; SETTING is one of SETTINGS below; STATE a key of its "states", with "+open"
appended for the opened cup. Same arguments, same picture (up to Cycles' sampling noise, which is seeded too).
"""
import json
import math
import random
import sys

import bpy
from mathutils import Vector

HALF_DIAGONAL = 0.106  # metres: a 15 cm square sheet
LAYER_GAP = 0.00035

# Each setting: the table, the light, what else lies on the table.
SETTINGS = {
    "oak-window": dict(table="oak", light="window", clutter=[]),
    "gingham-overhead": dict(table="gingham", light="overhead", clutter=["pencil"]),
    "walnut-lamp": dict(table="walnut", light="lamp", clutter=["mug", "pencil", "phone", "sheet"]),
    # Held out: added before the other three were measured again, and measured only after the changes they led to.
    "cutting-mat": dict(table="mat", light="mullion", clutter=["ruler", "pencil"]),
    # Held out the same way, later: a pale desk under soft window light, a coral sheet this time, a mug and a phone
    # casting soft shadows, the paper's white side on a near-white desk.
    "pale-desk": dict(table="pale", light="daylight", clutter=["mug", "phone"], paper="coral"),
    # Held out the same way, later still: the light oak by the window again, but photographed from close up, as
    # people photograph their folding (the piece fills most of the picture's height and a quarter to a half of the
    # picture, against about a twentieth in the others), so that its point may touch the frame.
    "oak-close": dict(table="oak", light="window", clutter=[], distance=(1.2, 1.6)),
}


def srgb(rgb):
    """An sRGB triple (0-255) as Blender's linear RGBA."""
    def linear(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]), 1.0)


def material(name, colour, roughness=0.5, specular=0.5):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = colour
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Specular"].default_value = specular
    return mat, bsdf


def bump(mat, height, strength):
    """Roughens the material's surface with `height` (a texture's output)."""
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    node = nodes.new("ShaderNodeBump")
    node.inputs["Strength"].default_value = strength
    links.new(height, node.inputs["Height"])
    links.new(node.outputs["Normal"], nodes["Principled BSDF"].inputs["Normal"])


def noise(mat, scale, detail, vector=None):
    """A noise texture node of the material, on `vector` (an output) when given."""
    node = mat.node_tree.nodes.new("ShaderNodeTexNoise")
    node.inputs["Scale"].default_value = scale
    node.inputs["Detail"].default_value = detail
    if vector is not None:
        mat.node_tree.links.new(vector, node.inputs["Vector"])
    return node


def wood_material(name, light, dark, seed):
    """Planks along x with grain: stretched noise through a ramp, seams from a brick texture, a little bump."""
    mat, bsdf = material(name, (1, 1, 1, 1), roughness=0.42)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    coords = nodes.new("ShaderNodeTexCoord")
    mapping = nodes.new("ShaderNodeMapping")
    mapping.inputs["Scale"].default_value = (0.5, 4.0, 1.0)
    mapping.inputs["Location"].default_value = (seed * 0.37, seed * 0.11, 0)
    links.new(coords.outputs["Object"], mapping.inputs["Vector"])
    grain = nodes.new("ShaderNodeTexWave")
    grain.wave_type = "BANDS"
    grain.bands_direction = "Y"
    grain.inputs["Scale"].default_value = 5.0
    grain.inputs["Distortion"].default_value = 14.0
    grain.inputs["Detail"].default_value = 6.0
    grain.inputs["Detail Scale"].default_value = 2.0
    links.new(mapping.outputs["Vector"], grain.inputs["Vector"])
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = dark
    ramp.color_ramp.elements[1].color = light
    tone = noise(mat, 2.5, 3.0, mapping.outputs["Vector"])  # broad patches of lighter and darker wood
    blend = nodes.new("ShaderNodeMixRGB")
    blend.inputs["Fac"].default_value = 0.45
    links.new(grain.outputs["Fac"], blend.inputs["Color1"])
    links.new(tone.outputs["Fac"], blend.inputs["Color2"])
    links.new(blend.outputs["Color"], ramp.inputs["Fac"])
    planks = nodes.new("ShaderNodeTexBrick")
    planks.inputs["Scale"].default_value = 1.0
    planks.inputs["Mortar Size"].default_value = 0.0015
    planks.inputs["Brick Width"].default_value = 1.6
    planks.inputs["Row Height"].default_value = 0.14
    planks.inputs["Color1"].default_value = (1, 1, 1, 1)
    planks.inputs["Color2"].default_value = (0.85, 0.85, 0.85, 1)
    planks.inputs["Mortar"].default_value = (0.25, 0.25, 0.25, 1)
    links.new(coords.outputs["Object"], planks.inputs["Vector"])
    mix = nodes.new("ShaderNodeMixRGB")
    mix.blend_type = "MULTIPLY"
    mix.inputs["Fac"].default_value = 1.0
    links.new(ramp.outputs["Color"], mix.inputs["Color1"])
    links.new(planks.outputs["Color"], mix.inputs["Color2"])
    links.new(mix.outputs["Color"], bsdf.inputs["Base Color"])
    bump(mat, grain.outputs["Fac"], 0.15)
    return mat


def gingham_material():
    """A red-and-white checked cloth with a woven bump."""
    mat, bsdf = material("gingham", (1, 1, 1, 1), roughness=0.92, specular=0.2)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    coords = nodes.new("ShaderNodeTexCoord")
    checks = nodes.new("ShaderNodeTexChecker")
    checks.inputs["Scale"].default_value = 34.0
    checks.inputs["Color1"].default_value = srgb((196, 36, 40))
    checks.inputs["Color2"].default_value = srgb((238, 232, 226))
    links.new(coords.outputs["Object"], checks.inputs["Vector"])
    links.new(checks.outputs["Color"], bsdf.inputs["Base Color"])
    bump(mat, noise(mat, 900.0, 2.0, coords.outputs["Object"]).outputs["Fac"], 0.35)  # the weave
    return mat


def mat_material():
    """A green self-healing cutting mat: a pale grid every centimetre, bolder lines every five, a faint mottle."""
    mat, bsdf = material("mat", (1, 1, 1, 1), roughness=0.7, specular=0.35)
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    coords = nodes.new("ShaderNodeTexCoord")
    grids = []
    for pitch, line in ((0.01, 0.0004), (0.05, 0.0009)):
        grid = nodes.new("ShaderNodeTexBrick")
        grid.offset = 0.0
        grid.inputs["Scale"].default_value = 1.0
        grid.inputs["Brick Width"].default_value = pitch
        grid.inputs["Row Height"].default_value = pitch
        grid.inputs["Mortar Size"].default_value = line
        grid.inputs["Mortar Smooth"].default_value = 0.2
        grid.inputs["Color1"].default_value = srgb((44, 104, 78))
        grid.inputs["Color2"].default_value = srgb((40, 98, 74))
        grid.inputs["Mortar"].default_value = srgb((176, 204, 170))
        links.new(coords.outputs["Object"], grid.inputs["Vector"])
        grids.append(grid)
    lines = nodes.new("ShaderNodeMixRGB")
    lines.blend_type = "LIGHTEN"
    lines.inputs["Fac"].default_value = 1.0
    links.new(grids[0].outputs["Color"], lines.inputs["Color1"])
    links.new(grids[1].outputs["Color"], lines.inputs["Color2"])
    mottle = nodes.new("ShaderNodeMixRGB")
    mottle.blend_type = "MULTIPLY"
    mottle.inputs["Fac"].default_value = 0.12
    links.new(lines.outputs["Color"], mottle.inputs["Color1"])
    links.new(noise(mat, 40.0, 4.0, coords.outputs["Object"]).outputs["Color"], mottle.inputs["Color2"])
    links.new(mottle.outputs["Color"], bsdf.inputs["Base Color"])
    return mat


def paper_material(name, colour):
    """Matte paper with a faint fibre bump."""
    mat, _ = material(name, colour, roughness=0.75, specular=0.3)
    bump(mat, noise(mat, 1400.0, 2.0).outputs["Fac"], 0.05)
    return mat


def mesh_object(name, vertices, faces, mat):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(vertices, [], faces)
    mesh.update()
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.collection.objects.link(obj)
    obj.data.materials.append(mat)
    return obj


def table(kind, seed):
    if kind == "gingham":
        mat = gingham_material()
    elif kind == "walnut":
        mat = wood_material("walnut", srgb((92, 60, 38)), srgb((48, 30, 20)), seed)
    elif kind == "pale":  # an off-white laminate desk with a faint mottle and a satin sheen
        mat, bsdf = material("laminate", srgb((228, 226, 220)), roughness=0.38, specular=0.45)
        mottle = noise(mat, 40.0, 4.0)
        tint = mat.node_tree.nodes.new("ShaderNodeMixRGB")
        tint.inputs["Fac"].default_value = 0.06
        tint.inputs["Color1"].default_value = srgb((228, 226, 220))
        mat.node_tree.links.new(mottle.outputs["Color"], tint.inputs["Color2"])
        mat.node_tree.links.new(tint.outputs["Color"], bsdf.inputs["Base Color"])
    elif kind == "mat":  # a cutting mat, turned a little, on a pine desk that shows past its edge
        pine = wood_material("pine", srgb((222, 190, 140)), srgb((190, 150, 100)), seed)
        size = 1.5
        mesh_object("table", [(-size, -size, -0.003), (size, -size, -0.003), (size, size, -0.003),
                              (-size, size, -0.003)], [(0, 1, 2, 3)], pine)
        rng = random.Random(seed)
        box("mat", (0.60, 0.45, 0.003), (rng.uniform(-0.12, 0.12), rng.uniform(-0.08, 0.08), -0.003),
            math.radians(rng.uniform(-8, 8)), mat_material())
        return
    else:
        mat = wood_material("oak", srgb((196, 150, 100)), srgb((150, 104, 64)), seed)
    size = 1.5
    mesh_object("table", [(-size, -size, 0), (size, -size, 0), (size, size, 0), (-size, size, 0)], [(0, 1, 2, 3)], mat)


def sun(energy, spread, colour, tilt, heading):
    """A sun lamp `spread` degrees wide, tilted `tilt` degrees from straight down and turned `heading` degrees."""
    lamp = bpy.data.lights.new("sun", "SUN")
    lamp.energy = energy
    lamp.angle = math.radians(spread)
    lamp.color = colour
    obj = bpy.data.objects.new("sun", lamp)
    obj.rotation_euler = (math.radians(tilt), 0, math.radians(heading))
    bpy.context.collection.objects.link(obj)
    return obj


def light(kind, rng):
    world = bpy.context.scene.world
    world.use_nodes = True
    background = world.node_tree.nodes["Background"]
    if kind == "window":  # low daylight from one side: long soft shadows, a cool sky fill
        sun(4.0, 4, (1.0, 0.96, 0.9), 55 + rng.uniform(-5, 5), rng.uniform(20, 70))
        background.inputs["Color"].default_value = (0.55, 0.65, 0.8, 1)
        background.inputs["Strength"].default_value = 0.35
    elif kind == "overhead":  # a ceiling panel: soft, even, short shadows
        area = bpy.data.lights.new("panel", "AREA")
        area.energy = 60
        area.size = 0.8
        obj = bpy.data.objects.new("panel", area)
        obj.location = (rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 1.1)
        bpy.context.collection.objects.link(obj)
        background.inputs["Color"].default_value = (0.9, 0.9, 0.9, 1)
        background.inputs["Strength"].default_value = 0.25
    elif kind == "mullion":  # hard afternoon sun through a window: the frame's shadow falls across the table
        obj = sun(5.0, 0.6, (1.0, 0.93, 0.82), 40 + rng.uniform(-6, 6), rng.uniform(0, 360))
        down = obj.rotation_euler.to_matrix() @ Vector((0, 0, -1))
        frame, _ = material("frame", (0.2, 0.2, 0.2, 1))
        for offset in (rng.uniform(-0.08, 0.02), rng.uniform(0.12, 0.2)):  # two bars of the frame, 1 m up
            spot = Vector((offset, rng.uniform(-0.05, 0.05), 0)) - down * (1.0 / -down.z)
            box("bar", (0.035, 2.0, 0.02), spot, obj.rotation_euler.z + math.radians(rng.uniform(-20, 20)), frame)
        background.inputs["Color"].default_value = (0.55, 0.65, 0.8, 1)
        background.inputs["Strength"].default_value = 0.3
    elif kind == "daylight":  # a tall window to one side: a large soft source low over the desk, a bright room
        area = bpy.data.lights.new("window", "AREA")
        area.energy = 160
        area.size = 1.2
        obj = bpy.data.objects.new("window", area)
        angle = rng.uniform(0, 2 * math.pi)
        obj.location = (1.1 * math.cos(angle), 1.1 * math.sin(angle), 0.7)
        obj.rotation_euler = (Vector((0, 0, 0)) - obj.location).to_track_quat("-Z", "Y").to_euler()
        bpy.context.collection.objects.link(obj)
        background.inputs["Color"].default_value = (0.85, 0.88, 0.95, 1)
        background.inputs["Strength"].default_value = 0.45
    else:  # a warm desk lamp to one side: strong fall-off across the table, a dim room
        lamp = bpy.data.lights.new("lamp", "POINT")
        lamp.energy = 14
        lamp.shadow_soft_size = 0.04
        lamp.color = (1.0, 0.78, 0.52)
        obj = bpy.data.objects.new("lamp", lamp)
        angle = rng.uniform(0, 2 * math.pi)
        obj.location = (0.32 * math.cos(angle), 0.32 * math.sin(angle), 0.34)
        bpy.context.collection.objects.link(obj)
        background.inputs["Color"].default_value = (0.7, 0.7, 0.75, 1)
        background.inputs["Strength"].default_value = 0.06


def cylinder(name, radius, height, location, mat, segments=48):
    vertices, faces = [], []
    for i in range(segments):
        a = 2 * math.pi * i / segments
        x, y = radius * math.cos(a), radius * math.sin(a)
        vertices += [(x, y, 0), (x, y, height)]
    for i in range(segments):
        j = (i + 1) % segments
        faces.append((2 * i, 2 * j, 2 * j + 1, 2 * i + 1))
    faces.append(tuple(2 * i + 1 for i in range(segments)))
    obj = mesh_object(name, vertices, faces, mat)
    obj.location = location
    for polygon in obj.data.polygons:
        polygon.use_smooth = True
    return obj


def box(name, size, location, rotation, mat):
    x, y, z = (s / 2 for s in size)
    vertices = [(-x, -y, 0), (x, -y, 0), (x, y, 0), (-x, y, 0), (-x, -y, 2 * z), (x, -y, 2 * z), (x, y, 2 * z),
                (-x, y, 2 * z)]
    faces = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)]
    obj = mesh_object(name, vertices, faces, mat)
    obj.location = location
    obj.rotation_euler = (0, 0, rotation)
    return obj


def clutter(names, rng, paint):
    """Things that lie around a real craft table, placed off the paper (which sits within 12 cm of the centre)."""
    def spot(distance):
        angle = rng.uniform(0, 2 * math.pi)
        return distance * math.cos(angle), distance * math.sin(angle), angle
    for name in names:
        if name == "mug":
            x, y, _ = spot(rng.uniform(0.2, 0.24))
            mat, _ = material("mug", srgb(paint["mustard"]), roughness=0.15)
            cylinder("mug", 0.042, 0.095, (x, y, 0), mat)
        elif name == "pencil":
            x, y, angle = spot(rng.uniform(0.15, 0.18))
            mat, _ = material("pencil", srgb(paint["gold"]), roughness=0.35)
            pencil = cylinder("pencil", 0.0045, 0.17, (x, y, 0.0045), mat, segments=6)
            pencil.rotation_euler = (math.radians(90), 0, angle + math.radians(rng.uniform(60, 120)))
        elif name == "ruler":  # a steel rule
            x, y, angle = spot(rng.uniform(0.17, 0.2))
            mat, bsdf = material("ruler", srgb((190, 192, 196)), roughness=0.25, specular=0.6)
            bsdf.inputs["Metallic"].default_value = 1.0
            box("ruler", (0.30, 0.026, 0.001), (x, y, 0), angle + math.radians(rng.uniform(70, 110)), mat)
        elif name == "phone":
            x, y, angle = spot(rng.uniform(0.2, 0.23))
            mat, _ = material("phone", (0.01, 0.01, 0.012, 1), roughness=0.08, specular=0.8)
            box("phone", (0.072, 0.15, 0.008), (x, y, 0), angle + rng.uniform(-0.4, 0.4), mat)
        elif name == "sheet":  # a spare sheet of paper, partly under the frame's edge
            x, y, angle = spot(rng.uniform(0.23, 0.26))
            mat = paper_material("spare", srgb(paint["coral"]))
            box("spare", (0.15, 0.15, 0.0002), (x, y, 0), angle, mat)


def paper(state, rng, paint, colour_name):
    """The folded sheet: each layer a flat polygon just above the one before, the stack lifted a little at one side.
    Returns the middle of the piece's box on the table."""
    colour = paper_material("colour side", srgb(paint[colour_name]))
    white = paper_material("white side", srgb((246, 243, 234)))
    layers = state["layers"]
    turn = math.radians(rng.uniform(-12, 12))  # not laid quite straight on the table
    cos, sin = math.cos(turn), math.sin(turn)
    # Folded paper springs up a little: the stack rises by 1-4 mm in all at one side of the piece, each layer a plane
    # a little steeper than the one under it, so layers never cross.
    slope = rng.uniform(0, 2 * math.pi)
    spring = rng.uniform(1.0, 4.0) / 1000 / max(1, len(layers) - 1)

    def lift(index, x, y):
        return index * spring * (0.5 + 0.5 * (x * math.cos(slope) + y * math.sin(slope)) / 1.42)

    for index, layer in enumerate(layers):
        base = 0.0004 + index * LAYER_GAP
        vertices = []
        for x, y in layer["polygon"]:
            vertices.append(((x * cos - y * sin) * HALF_DIAGONAL, (x * sin + y * cos) * HALF_DIAGONAL,
                             base + lift(index, x, y)))
        mesh_object("layer%d" % index, vertices, [tuple(range(len(vertices)))],
                    colour if layer["up"] == "colour" else white)
    if state.get("open"):  # the opened cup's mouth: shadowed white paper inside the top edge
        top = max(y for layer in layers for _, y in layer["polygon"])
        width = max(abs(x) for layer in layers for x, y in layer["polygon"] if y > top - 0.05) * 0.92
        mouth, _ = material("mouth", srgb((150, 148, 142)), roughness=0.9)
        angles = [2 * math.pi * i / 48 for i in range(48)]
        rim = [(width * math.cos(t), top - 0.02 + 0.09 * math.sin(t)) for t in angles]
        vertices = [((x * cos - y * sin) * HALF_DIAGONAL, (x * sin + y * cos) * HALF_DIAGONAL,
                     0.0004 + len(layers) * (LAYER_GAP + spring) + 0.002) for x, y in rim]
        mesh_object("mouth", vertices, [tuple(range(48))], mouth)
    placed = [((x * cos - y * sin) * HALF_DIAGONAL, (x * sin + y * cos) * HALF_DIAGONAL)
              for layer in layers for x, y in layer["polygon"]]
    return Vector(((min(x for x, _ in placed) + max(x for x, _ in placed)) / 2,
                   (min(y for _, y in placed) + max(y for _, y in placed)) / 2, 0))


def camera(rng, extent, distance=(2.0, 2.8), aim=Vector((0, 0, 0))):
    """Hand-held by a person sitting in front of the piece (whose top is +y, as the steps describe it), framing it:
    2 to 2.8 times its size away unless `distance` says otherwise (so it fills about half to two thirds of the
    picture's height), tilted 8-28 degrees from straight down, from up to 30 degrees either side, a little rolled.
    It points near `aim`: the table's middle, or for a close-up the piece's own, which a person centres."""
    cam = bpy.data.cameras.new("camera")
    cam.lens = 32
    cam.sensor_width = 36
    obj = bpy.data.objects.new("camera", cam)
    bpy.context.collection.objects.link(obj)
    distance = extent * rng.uniform(*distance)
    tilt = math.radians(rng.uniform(8, 28))
    heading = math.radians(-90 + rng.uniform(-30, 30))
    target = aim + Vector((rng.uniform(-0.015, 0.015), rng.uniform(-0.015, 0.015), 0))
    obj.location = target + Vector((distance * math.sin(tilt) * math.cos(heading),
                                    distance * math.sin(tilt) * math.sin(heading), distance * math.cos(tilt)))
    direction = target - obj.location
    obj.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()
    obj.rotation_euler.rotate_axis("Z", math.radians(rng.uniform(-6, 6)))
    bpy.context.scene.camera = obj


def main():
    arguments = sys.argv[sys.argv.index("--") + 1:]
    layers_file, setting_name, seed, state_name, out = arguments
    seed = int(seed)
    data = json.load(open(layers_file))
    setting = SETTINGS[setting_name]
    rng = random.Random(seed)
    opened = state_name.endswith("+open")
    state = dict(data["states"][state_name.replace("+open", "")], open=opened)

    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    scene = bpy.context.scene
    table(setting["table"], seed)
    light(setting["light"], rng)
    clutter(setting["clutter"], rng, data["paint"])
    middle = paper(state, rng, data["paint"], setting.get("paper", "teal"))
    points = [point for layer in state["layers"] for point in layer["polygon"]]
    extent = HALF_DIAGONAL * max(max(x for x, _ in points) - min(x for x, _ in points),
                                 max(y for _, y in points) - min(y for _, y in points))
    if "distance" in setting:
        camera(rng, extent, setting["distance"], aim=middle)
    else:
        camera(rng, extent)

    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 32
    scene.cycles.use_denoising = False  # Debian's Blender has no denoiser; what is left is a camera's grain
    scene.cycles.seed = seed
    scene.cycles.max_bounces = 4
    scene.view_settings.view_transform = "Filmic"
    scene.view_settings.look = "Medium Contrast"
    scene.render.resolution_x = 1200
    scene.render.resolution_y = 900
    scene.render.image_settings.file_format = "JPEG"
    scene.render.image_settings.quality = 85
    scene.render.filepath = out
    bpy.ops.render.render(write_still=True)


main()
