"""Prints, as JSON, the sample progress series and the paper cup's layers after each of its states, folded by the
same geometry that draws SamplePhotos/progress/ (scripts/sample-photos/cup.py), for the Blender scene to build."""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "sample-photos"))
from cup import CUP_STEPS, PROGRESS_SERIES, cup, outline  # noqa: E402
from scene import PAINT  # noqa: E402


def main():
    states = {}
    for state in sorted({state for _, state, *_ in PROGRESS_SERIES}):
        paper = cup(state)
        layers = [{"polygon": polygon, "up": up, "tag": tag} for polygon, up, tag in paper.layers]
        if state == "0":  # the unfolded sheet lies coloured side up before the first fold
            for layer in layers:
                layer["up"] = "colour"
        states[state] = {"layers": layers, "outline": "square" if state == "0" else outline(paper)}
    series = [dict(file=file, state=state, step=step, complete=complete, shows=shows)
              for file, state, step, complete, shows in PROGRESS_SERIES]
    json.dump({"steps": CUP_STEPS, "series": series, "paint": PAINT, "states": states}, sys.stdout)


if __name__ == "__main__":
    main()
