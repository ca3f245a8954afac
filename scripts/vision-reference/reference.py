"""EfficientNet-Lite0 in numpy: an independent reference for origami's CraftVision.

Reads the legacy PyTorch .pth (a sequence of pickles followed by raw storages) with Python's own pickle module,
applies each tensor's strides with numpy, folds nothing (batch norm is applied as written), and runs the
network with numpy's BLAS for the dense convolutions. Inputs are raw 224x224x3 RGB byte files (what CraftVision
feeds its network), so both sides see exactly the same pixels.

    reference.py WEIGHTS.pth --out LOGITS.f32 INPUT.rgb...   logits, 1000 float32 per input, in input order
    reference.py WEIGHTS.pth --time ROUNDS INPUT.rgb...      also prints the median seconds per input on stderr
"""
import collections
import pickle
import struct
import sys
import time

import numpy as np

SIZE = 224
EPSILON = 1e-3
# (repeats, kernel, stride, expansion, output channels) of the seven stages of EfficientNet-Lite0.
STAGES = [(1, 3, 1, 1, 16), (2, 3, 2, 6, 24), (2, 5, 2, 6, 40), (3, 3, 2, 6, 80), (3, 5, 1, 6, 112),
          (4, 5, 2, 6, 192), (1, 3, 1, 6, 320)]
DTYPES = {"FloatStorage": np.float32, "LongStorage": np.int64}


class _TensorReference:
    def __init__(self, storage, offset, shape, strides):
        self.storage, self.offset, self.shape, self.strides = storage, offset, shape, strides


class _StateUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return lambda storage, offset, shape, strides, *rest: _TensorReference(storage, offset, shape, strides)
        if module == "torch" and name in DTYPES:
            return name
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        raise pickle.UnpicklingError(f"unexpected global {module}.{name}")

    def persistent_load(self, pid):
        kind, storage_type, key, _location, count, _view = pid
        assert kind == "storage"
        return (storage_type, key, count)


def load_weights(path, dtype=np.float64):
    with open(path, "rb") as f:
        magic = pickle.load(f)
        assert magic == 0x1950A86A20F9469CFC6C, "not a legacy PyTorch file"
        pickle.load(f)  # protocol version
        pickle.load(f)  # system information
        state = _StateUnpickler(f).load()
        keys = pickle.load(f)
        storages = {}
        for key in keys:
            (count,) = struct.unpack("<q", f.read(8))
            storage_type = next(t.storage[0] for t in state.values() if t.storage[1] == key)
            stored = DTYPES[storage_type]
            storages[key] = np.frombuffer(f.read(count * np.dtype(stored).itemsize), dtype=stored)
    tensors = {}
    for name, ref in state.items():
        data = storages[ref.storage[1]]
        itemsize = data.dtype.itemsize
        view = np.lib.stride_tricks.as_strided(
            data[ref.offset:], shape=ref.shape, strides=[s * itemsize for s in ref.strides])
        tensors[name] = np.array(view, dtype=dtype)
    return tensors


def batch_norm(x, w, prefix):
    scale = w[prefix + ".weight"] / np.sqrt(w[prefix + ".running_var"] + EPSILON)
    return (x - w[prefix + ".running_mean"]) * scale + w[prefix + ".bias"]


def same_padding(x, kernel, stride):
    """TensorFlow's SAME padding: the extra row or column goes to the bottom and the right."""
    height, width, _ = x.shape
    pads = []
    for size in (height, width):
        out = -(-size // stride)
        total = max((out - 1) * stride + kernel - size, 0)
        pads.append((total // 2, total - total // 2))
    return np.pad(x, (pads[0], pads[1], (0, 0)))


def convolution(x, weight, stride):
    """A dense convolution (weight: out, in, k, k) over an HWC array, as one matrix product (im2col)."""
    out_channels, in_channels, kernel, _ = weight.shape
    padded = same_padding(x, kernel, stride)
    out_h, out_w = -(-x.shape[0] // stride), -(-x.shape[1] // stride)
    columns = np.empty((out_h, out_w, kernel, kernel, in_channels), dtype=x.dtype)
    for dy in range(kernel):
        for dx in range(kernel):
            columns[:, :, dy, dx, :] = padded[dy:dy + stride * out_h:stride, dx:dx + stride * out_w:stride, :]
    matrix = weight.transpose(2, 3, 1, 0).reshape(-1, out_channels)
    return (columns.reshape(out_h * out_w, -1) @ matrix).reshape(out_h, out_w, out_channels)


def depthwise(x, weight, stride):
    channels, _, kernel, _ = weight.shape
    padded = same_padding(x, kernel, stride)
    out_h, out_w = -(-x.shape[0] // stride), -(-x.shape[1] // stride)
    out = np.zeros((out_h, out_w, channels), dtype=x.dtype)
    for dy in range(kernel):
        for dx in range(kernel):
            out += padded[dy:dy + stride * out_h:stride, dx:dx + stride * out_w:stride, :] * weight[:, 0, dy, dx]
    return out


def relu6(x):
    return np.clip(x, 0.0, 6.0)


def logits(w, rgb):
    dtype = w["_fc.bias"].dtype
    x = (rgb.reshape(SIZE, SIZE, 3).astype(dtype) - dtype.type(127)) / dtype.type(128)
    x = relu6(batch_norm(convolution(x, w["_conv_stem.weight"], 2), w, "_bn0"))
    index = 0
    for repeats, kernel, stride, expansion, _ in STAGES:
        for repeat in range(repeats):
            block = f"_blocks.{index}."
            inputs = x
            if expansion != 1:
                x = relu6(batch_norm(convolution(x, w[block + "_expand_conv.weight"], 1), w, block + "_bn0"))
            x = depthwise(x, w[block + "_depthwise_conv.weight"], stride if repeat == 0 else 1)
            x = relu6(batch_norm(x, w, block + "_bn1"))
            x = batch_norm(convolution(x, w[block + "_project_conv.weight"], 1), w, block + "_bn2")
            if x.shape == inputs.shape:
                x = x + inputs
            index += 1
    x = relu6(batch_norm(convolution(x, w["_conv_head.weight"], 1), w, "_bn1"))
    pooled = x.mean(axis=(0, 1))
    return w["_fc.weight"] @ pooled + w["_fc.bias"]


def main(argv):
    weights, rest = argv[1], argv[2:]
    out_path, rounds = None, 0
    while rest and rest[0].startswith("--"):
        if rest[0] == "--out":
            out_path, rest = rest[1], rest[2:]
        elif rest[0] == "--time":
            rounds, rest = int(rest[1]), rest[2:]
        else:
            sys.exit(f"reference.py: unknown option {rest[0]}")
    w = load_weights(weights)
    fast = {name: value.astype(np.float32) for name, value in w.items()}
    inputs = [np.fromfile(path, dtype=np.uint8) for path in rest]
    for path, rgb in zip(rest, inputs):
        if rgb.size != SIZE * SIZE * 3:
            sys.exit(f"reference.py: {path}: {rgb.size} bytes, expected {SIZE * SIZE * 3} (224x224 RGB)")
    results = [logits(w, rgb) for rgb in inputs]
    if rounds:
        times = []
        for _ in range(rounds):
            for rgb in inputs:
                start = time.perf_counter()
                logits(fast, rgb)
                times.append(time.perf_counter() - start)
        print(f"{sorted(times)[len(times) // 2]:.6f}", file=sys.stderr)
    if out_path:
        np.array(results, dtype=np.float32).tofile(out_path)
    else:
        for result in results:
            top = np.argsort(-result)[:5]
            p = np.exp(result - result.max())
            p /= p.sum()
            print(" ".join(f"{i}:{p[i]:.3f}" for i in top))


if __name__ == "__main__":
    main(sys.argv)
