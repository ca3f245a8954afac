"""Renders the paper cup's progress series in each of scene.py's settings and writes, per setting, the manifest and
two eval suites that measure the coach on them (see scripts/make-rendered-folds). Standard library only; Blender
does the rendering, two pictures at a time."""
import concurrent.futures
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SETTINGS = ["oak-window", "gingham-overhead", "walnut-lamp", "cutting-mat", "pale-desk", "oak-close"]
PAPER = {"pale-desk": "coral"}
GATES = {"maxFalseCompleteRate": 0.2, "minCoachBalancedAccuracy": 0.7}


def render(layers, setting, seed, state, path):
    if path.exists():
        return
    partial = path.with_suffix(".partial.jpg")
    command = ["blender", "-b", "--factory-startup", "--python-exit-code", "1", "-P", str(HERE / "scene.py"), "--",
               str(layers), setting, str(seed), state, str(partial)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or not partial.exists():
        sys.exit(f"make-rendered-folds: Blender failed on {path.name} ({setting}):\n{result.stdout[-2000:]}"
                 f"{result.stderr[-2000:]}")
    partial.rename(path)
    print(f"make-rendered-folds: {setting}/progress/{path.name}", file=sys.stderr)


def series(layers):
    """The sample progress series, step by step (each step's photo that is not done first): the order, and so the
    seeds, the pictures are rendered in."""
    return sorted(layers["series"], key=lambda photo: (photo["step"], photo["complete"]))


def case_name(photo):
    """"step2 wrong" for progress/cup-step2-wrong.jpg."""
    return pathlib.Path(photo["file"]).stem.removeprefix("cup-").replace("-", " ")


def write_setting(out, setting, layers, take):
    folder = out / setting
    steps = layers["steps"]
    photos = [{"file": "progress/" + photo["file"], "step": photo["step"], "complete": photo["complete"],
               "shows": photo["shows"],
               "category": "a finished craft piece" if photo["step"] == len(steps) and photo["complete"]
               else "craft supplies"}
              for photo in series(layers)]
    manifest = {
        "about": "Ground truth for the rendered paper-cup series of scripts/make-rendered-folds in the setting "
                 f"{setting}: what state of the folding each picture shows, as in SamplePhotos/manifest.json.",
        "photos": photos,
        "progressSeries": {"model": "Paper cup",
                           "paper": f"one square sheet of {PAPER.get(setting, 'teal')} origami paper, white on the back",
                           "steps": steps, "photos": [p["file"] for p in photos]},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    for name, extra in (("library", {"library": "paper-cup"}), ("series", {})):
        cases = [{"name": f"coach {setting} {case_name(photo)}", "mode": "coach",
                  "inputs": dict(extra, photos=[photo["file"]]),
                  "expect": {"schemaValid": True, "stepComplete": "manifest"}} for photo in photos]
        title = f"rendered {setting} {name}" + (f" (take {take})" if take > 1 else "")
        suite = {"name": title, "manifest": "manifest.json",
                 "defaults": {"backend": "engine", "repeats": 1, "timeoutSeconds": 600}, "gates": GATES,
                 "cases": cases}
        (folder / f"{name}.json").write_text(json.dumps(suite, indent=2) + "\n")


def main():
    layers_file, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    # Take 1 is the set the coach's measures were tuned on; a later take draws other cameras, light and clutter
    # from other seeds, into a folder of its own, to measure a change on pictures it was not made on.
    take = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    if take > 1:
        out = out / f"take-{take}"
    layers = json.loads(layers_file.read_text())
    last = len(layers["steps"])
    jobs = []
    for number, setting in enumerate(SETTINGS):
        (out / setting / "progress").mkdir(parents=True, exist_ok=True)
        for index, photo in enumerate(series(layers)):
            state = photo["state"] + ("+open" if photo["step"] == last and photo["complete"] else "")
            jobs.append((layers_file, setting, 1000 * (take - 1) + 100 * number + index + 1, state,
                         out / setting / "progress" / photo["file"]))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for future in [pool.submit(render, *job) for job in jobs]:
            future.result()
    for setting in SETTINGS:
        write_setting(out, setting, layers, take)


if __name__ == "__main__":
    main()
