#!/usr/bin/env python3
"""A model server that misbehaves on command, for origami's backend tests.

Speaks both wire formats origami uses -- Ollama (/api/chat, /api/tags, /api/version, /api/show) and
OpenAI-compatible (/v1/chat/completions, /v1/models, /props, /health) -- and answers each chat request according to
a fault mode. The mode comes from the request's model name, `fault:MODE[:ARG[:TAG]]` (TAG only keeps counters of
parallel tests apart), or else from --mode. Modes:

  ok              a valid streamed answer          echo          the answer describes the request it got
  500             HTTP 500 with an error document   loading:N     503 "Loading model" N times, then ok
  429:SECS        429 with Retry-After: SECS        429reset      429 with x-ratelimit-reset-requests: 4m0s
  401             401 that echoes the bearer token  notfound      404 model not found
  context         400 context exceeded              midstream     an error line/event after two chunks
  cut             the stream stops mid-JSON         badjson       a stream line that is not JSON
  schema          valid JSON that breaks the schema length        finish reason "length"
  refusal         an OpenAI refusal                 stall:SECS    one chunk, then silence for SECS (max 60)
  stallhead:SECS  silence first (max 900 s)         huge          a 50 MB body
  drip            the valid answer one byte at a time
  contenttype     HTTP 200 with text/html          llamacpp      (--mode only) /v1/models owned by llamacpp
  vision          /props says the model sees        vllm          (--mode only) no /props, as vLLM and others
  lmstudio        (--mode only) no /props; /api/v0/models/NAME gives LM Studio's type, "vlm" for names with "vl"

The answer is a fixed small JSON document, or with --answer FILE that file's text (a scripted model answer for an
end-to-end test that needs one the installable model never gives). With --answers FILE, a JSON object mapping a
response_format schema name (e.g. "Tutorial") to a list of answers, a request asking for that schema gets the next
answer of its list (the last one again once the list is used up), so one server can play a whole scripted session;
an Ollama request, whose format is the bare schema, gets the list whose first answer has the schema's properties.
With --slots N, /props says total_slots N, as a llama-server started with -np N does. Standard library only. Binds
127.0.0.1 only. Prints `PORT n` on stdout once listening. Stops after --lifetime seconds, after --max-requests
requests, or when standard input closes (so it dies with the test process).
"""
import argparse
import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ANSWER = '{"title":"Paper crane","steps":3}'
SCHEMA_BREAKING = '{"title":42}'
MODEL_LIST = ["ok-model", "qwen2.5:latest", "llava:7b", "qwen2.5vl:3b"]
MAX_BODY = 64 * 1024 * 1024
HUGE = 50 * 1024 * 1024
counters = {}
counters_lock = threading.Lock()
SCRIPT = {}


def script_name(request):
    """The schema a request asks for: the OpenAI wire names it; Ollama's `format` is the bare schema, so there it is the
    script whose first answer has the schema's required properties and no other."""
    response_format = request.get("response_format") or {}
    name = (response_format.get("json_schema") or {}).get("name")
    schema = request.get("format")
    if name is not None or not isinstance(schema, dict):
        return name
    allowed, required = set(schema.get("properties") or {}), set(schema.get("required") or [])
    for candidate, answers in SCRIPT.items():
        keys = set(json.loads(answers[0])) if answers else set()
        if required <= keys <= allowed:
            return candidate
    return None


def scripted(request):
    """The next scripted answer (--answers) for the schema the request asks for, or None."""
    name = script_name(request)
    with counters_lock:
        answers = SCRIPT.get(name)
        if not answers:
            return None
        return answers.pop(0) if len(answers) > 1 else answers[0]


def pieces(text, size=4):
    return [text[i:i + size] for i in range(0, len(text), size)]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fault-server/1"

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("fault-server: " + (fmt % args) + "\n")

    # -- plumbing ---------------------------------------------------------------------------------------------

    def send_json(self, status, obj, headers=None):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def start_stream(self, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def chunk(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_stream(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def read_body(self):
        length = min(int(self.headers.get("Content-Length") or 0), MAX_BODY)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {}

    def mode_of(self, model):
        if isinstance(model, str) and model.startswith("fault:"):
            parts = model.split(":")
            return parts[1], (parts[2] if len(parts) > 2 else None)
        mode, _, arg = self.server.mode.partition(":")
        return mode, (arg or None)

    # -- GET endpoints ----------------------------------------------------------------------------------------

    def do_GET(self):
        self.server.count()
        mode, arg = self.mode_of(None)
        if mode == "stallhead":
            time.sleep(min(float(arg or 5), 60))
        if mode == "500":
            return self.send_json(500, {"error": "internal failure"})
        if self.path == "/api/version":
            return self.send_json(200, {"version": "0.12.0"})
        if self.path == "/api/tags":
            return self.send_json(200, {"models": [{"name": n, "model": n, "size": 1} for n in MODEL_LIST]})
        if self.path == "/v1/models":
            owner = "llamacpp" if mode == "llamacpp" else "fault-server"
            data = [{"id": n, "object": "model", "owned_by": owner, "max_model_len": 8192} for n in MODEL_LIST]
            return self.send_json(200, {"object": "list", "data": data})
        if self.path == "/props":
            if mode in ("vllm", "lmstudio"):
                return self.send_json(404, {"error": "no such endpoint: /props"})
            props = {"default_generation_settings": {"n_ctx": 4096}, "modalities": {"vision": mode == "vision"}}
            if self.server.slots:
                props["total_slots"] = self.server.slots
            return self.send_json(200, props)
        if self.path.startswith("/api/v0/models/") and mode == "lmstudio":
            name = urllib.parse.unquote(self.path[len("/api/v0/models/"):])
            return self.send_json(200, {"id": name, "object": "model", "type": "vlm" if "vl" in name else "llm",
                                        "state": "loaded", "max_context_length": 32768})
        if self.path == "/health":
            if mode == "loading":
                return self.send_json(503, {"error": {"code": 503, "message": "Loading model",
                                                      "type": "unavailable_error"}})
            return self.send_json(200, {"status": "ok"})
        return self.send_json(404, {"error": "no such endpoint: " + self.path})

    # -- POST endpoints ---------------------------------------------------------------------------------------

    def do_POST(self):
        self.server.count()
        request = self.read_body()
        model = request.get("model")
        if self.path == "/api/show":
            if model not in MODEL_LIST and not str(model).startswith("fault:"):
                return self.send_json(404, {"error": "model '%s' not found" % model})
            # qwen2.5:latest is a text model, as in Ollama's library: no "vision" among its capabilities.
            capabilities = ["completion", "tools"] + ([] if model == "qwen2.5:latest" else ["vision"])
            return self.send_json(200, {"capabilities": capabilities, "parameters": "",
                                        "model_info": {"general.architecture": "qwen2",
                                                       "qwen2.context_length": 32768}})
        if self.path not in ("/api/chat", "/v1/chat/completions"):
            return self.send_json(404, {"error": "no such endpoint: " + self.path})
        wire = "ollama" if self.path == "/api/chat" else "openai"
        mode, arg = self.mode_of(model)
        if mode == "loading":
            key = model or "default"
            with counters_lock:
                counters[key] = counters.get(key, 0) + 1
                seen = counters[key]
            if seen <= int(arg or 1):
                return self.send_json(503, {"error": {"code": 503, "message": "Loading model",
                                                      "type": "unavailable_error"}})
            mode = "ok"
        if mode in ("llamacpp", "vllm", "lmstudio", "vision"):
            mode = "ok"  # these change only what the server says about itself; its answers are ok ones
        handler = getattr(self, "fault_" + mode, None)
        if handler is None:
            return self.send_json(400, {"error": "unknown fault mode: %s" % mode})
        try:
            handler(wire, request, arg)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def error_document(self, wire, message, kind="server_error", code=500):
        if wire == "ollama":
            return {"error": message}
        return {"error": {"message": message, "type": kind, "code": code}}

    # -- faults ---------------------------------------------------------------------------------------------

    def stream_answer(self, wire, text, finish="stop", delay=0.0, before_end=None):
        self.start_stream("application/x-ndjson" if wire == "ollama" else "text/event-stream")
        for piece in pieces(text):
            self.chunk(self.frame(wire, piece))
            if delay:
                time.sleep(delay)
        if before_end:
            return before_end()
        self.chunk(self.final(wire, finish))
        self.end_stream()

    def frame(self, wire, content):
        if wire == "ollama":
            return json.dumps({"model": "m", "created_at": "2026-11-29T23:00:00Z",
                               "message": {"role": "assistant", "content": content}, "done": False}) + "\n"
        return "data: " + json.dumps({"id": "chatcmpl-1", "object": "chat.completion.chunk",
                                      "choices": [{"index": 0, "delta": {"content": content},
                                                   "finish_reason": None}]}) + "\n\n"

    def final(self, wire, finish):
        if wire == "ollama":
            return json.dumps({"model": "m", "message": {"role": "assistant", "content": ""}, "done": True,
                               "done_reason": finish, "prompt_eval_count": 12, "prompt_eval_duration": 3000000,
                               "eval_count": 9, "eval_duration": 9000000}) + "\n"
        last = {"id": "chatcmpl-1", "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}
        usage = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": [],
                 "usage": {"prompt_tokens": 12, "completion_tokens": 9, "total_tokens": 21},
                 "timings": {"cache_n": 2, "prompt_n": 10, "prompt_ms": 3.5, "predicted_n": 9, "predicted_ms": 9.5}}
        return "data: %s\n\ndata: %s\n\ndata: [DONE]\n\n" % (json.dumps(last), json.dumps(usage))

    def fault_ok(self, wire, request, arg):
        self.stream_answer(wire, scripted(request) or ANSWER)

    def fault_echo(self, wire, request, arg):
        messages = request.get("messages", [])
        images, image_urls = 0, []
        for message in messages:
            images += len(message.get("images") or [])
            content = message.get("content")
            if isinstance(content, list):
                image_urls += [p["image_url"]["url"][:64] for p in content if p.get("type") == "image_url"]
        summary = {"roles": [m.get("role") for m in messages], "images": images, "image_urls": image_urls,
                   "format": "format" in request or "response_format" in request,
                   "authorization": "Authorization" in self.headers}
        self.stream_answer(wire, json.dumps(summary))

    def fault_500(self, wire, request, arg):
        self.send_json(500, self.error_document(wire, "the model runner crashed"))

    def fault_429(self, wire, request, arg):
        self.send_json(429, self.error_document(wire, "Rate limit reached", "rate_limit_exceeded", 429),
                       {"Retry-After": arg or "240"})

    def fault_429reset(self, wire, request, arg):
        self.send_json(429, self.error_document(wire, "Rate limit reached", "rate_limit_exceeded", 429),
                       {"x-ratelimit-reset-requests": "4m0s"})

    def fault_401(self, wire, request, arg):
        token = self.headers.get("Authorization", "").replace("Bearer ", "")
        self.send_json(401, self.error_document(wire, "Incorrect API key provided: %s." % token,
                                                "invalid_request_error", "invalid_api_key"))

    def fault_notfound(self, wire, request, arg):
        if wire == "ollama":
            return self.send_json(404, {"error": 'model "%s" not found, try pulling it first' % request.get("model")})
        self.send_json(404, {"error": {"message": "The model `%s` does not exist" % request.get("model"),
                                       "type": "invalid_request_error", "code": "model_not_found"}})

    def fault_context(self, wire, request, arg):
        self.send_json(400, {"error": {"code": 400, "message": "request (5030 tokens) exceeds the available context "
                                       "size (4096 tokens), try increasing it", "type": "exceed_context_size_error"}})

    def fault_midstream(self, wire, request, arg):
        def error():
            document = self.error_document(wire, "an error was encountered while running the model: unexpected EOF")
            if wire == "ollama":
                self.chunk(json.dumps(document) + "\n")
            else:
                self.chunk("event: error\ndata: %s\n\n" % json.dumps(document))
            self.end_stream()
        self.stream_answer(wire, ANSWER[:8], before_end=error)

    def fault_cut(self, wire, request, arg):
        def cut():
            self.chunk(self.frame(wire, "more")[:25])
            self.wfile.flush()
            self.connection.shutdown(2)
        self.stream_answer(wire, ANSWER[:8], before_end=cut)

    def fault_badjson(self, wire, request, arg):
        def bad():
            self.chunk("{this is not json\n" if wire == "ollama" else "data: {this is not json\n\n")
            self.chunk(self.final(wire, "stop"))
            self.end_stream()
        self.stream_answer(wire, ANSWER[:8], before_end=bad)

    def fault_schema(self, wire, request, arg):
        self.stream_answer(wire, SCHEMA_BREAKING)

    def fault_length(self, wire, request, arg):
        self.stream_answer(wire, ANSWER[:10], finish="length")

    def fault_refusal(self, wire, request, arg):
        self.start_stream("text/event-stream")
        for piece in ["I'm sorry, ", "I can't help with that."]:
            self.chunk("data: " + json.dumps({"choices": [{"index": 0, "delta": {"refusal": piece},
                                                           "finish_reason": None}]}) + "\n\n")
        self.chunk(self.final(wire, "stop"))
        self.end_stream()

    def fault_stall(self, wire, request, arg):
        def stall():
            time.sleep(min(float(arg or 5), 60))
            self.chunk(self.final(wire, "stop"))
            self.end_stream()
        self.stream_answer(wire, ANSWER[:4], before_end=stall)

    def fault_stallhead(self, wire, request, arg):
        time.sleep(min(float(arg or 5), 900))
        self.stream_answer(wire, ANSWER)

    def fault_huge(self, wire, request, arg):
        self.start_stream("application/x-ndjson" if wire == "ollama" else "text/event-stream")
        block = self.frame(wire, "x" * 900).encode() * 64
        sent = 0
        while sent < HUGE:
            self.chunk(block)
            sent += len(block)
        self.chunk(self.final(wire, "stop"))
        self.end_stream()

    def fault_drip(self, wire, request, arg):
        self.start_stream("application/x-ndjson" if wire == "ollama" else "text/event-stream")
        body = "".join(self.frame(wire, piece) for piece in pieces(ANSWER)) + self.final(wire, "stop")
        for byte in body.encode():
            self.chunk(bytes([byte]))
            time.sleep(0.0005)
        self.end_stream()

    def fault_contenttype(self, wire, request, arg):
        body = b"<html><body><h1>Welcome to nginx!</h1></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, port, mode, max_requests, verbose, slots=None):
        super().__init__(("127.0.0.1", port), Handler)
        self.mode = mode
        self.slots = slots
        self.max_requests = max_requests
        self.verbose = verbose
        self.requests = 0
        self.lock = threading.Lock()

    def count(self):
        with self.lock:
            self.requests += 1
            if self.requests > self.max_requests:
                threading.Thread(target=self.shutdown, daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 picks a free one)")
    parser.add_argument("--mode", default="ok", help="fault mode for requests that do not name one")
    parser.add_argument("--lifetime", type=float, default=600, help="seconds before the server stops by itself")
    parser.add_argument("--max-requests", type=int, default=20000, help="requests before the server stops")
    parser.add_argument("--no-stdin-watch", action="store_true", help="keep running when standard input closes")
    parser.add_argument("--verbose", action="store_true", help="log each request on standard error")
    parser.add_argument("--answer", metavar="FILE", help="stream this file's text as the answer instead of the default")
    parser.add_argument("--answers", metavar="FILE",
                        help="a JSON object: schema name -> list of answers, served in turn (see above)")
    parser.add_argument("--slots", type=int, help="the total_slots /props reports, as a llama-server run with -np N")
    options = parser.parse_args()
    if options.answer:
        global ANSWER
        with open(options.answer, encoding="utf-8") as answer:
            ANSWER = answer.read().strip()
    if options.answers:
        with open(options.answers, encoding="utf-8") as answers:
            SCRIPT.update({name: [a if isinstance(a, str) else json.dumps(a) for a in listed]
                           for name, listed in json.load(answers).items()})

    server = Server(options.port, options.mode, options.max_requests, options.verbose, options.slots)
    print("PORT %d" % server.server_address[1], flush=True)
    timer = threading.Timer(options.lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    if not options.no_stdin_watch:
        def watch():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
