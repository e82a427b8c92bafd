"""The studio's server without a browser: only files under the output folder, only on its own names,
every data name escaped."""

from __future__ import annotations

import http.client
import os
from urllib.parse import urlsplit

from printgen.studio.server import safe_file
from tests.studio.conftest import EVIL


def get(served, path: str, host: str | None = None) -> tuple[int, bytes]:
    u = urlsplit(served.url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    conn.putrequest("GET", path, skip_host=True)
    conn.putheader("Host", host or u.netloc)
    conn.endheaders()
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, body


def test_it_listens_on_the_loopback_address_only(served):
    assert urlsplit(served.url).hostname == "127.0.0.1"


def test_the_page_lists_every_face_and_escapes_names(served):
    status, body = get(served, "/")
    html = body.decode()
    assert status == 200
    assert "<script>pw=1" not in html  # the name, as text
    assert "&lt;script&gt;pw=1&lt;/script&gt; Bard" in html
    assert 'alt="Knight"' in html and "Tokens" in html and "Card back" in html


def test_a_face_image_is_the_png_the_studio_drew(served):
    from io import BytesIO

    from PIL import Image

    html = get(served, "/")[1].decode()
    src = html.split('data-path=".studio/mini-hoh/faces/class-cards/001-knight.png" src="')[1].split('"')[0]
    status, body = get(served, src.replace("&amp;", "&"))
    assert status == 200
    img = Image.open(BytesIO(body)).convert("RGB")
    assert img.size == (375, 525)  # a poker card at 150 dpi, trimmed
    assert len(img.getcolors(1 << 20)) > 50  # drawn, not blank


def test_nothing_outside_the_output_folder(served, tmp_path):
    secret = served.out.parent / "secret.txt"
    secret.write_text("private")
    os.symlink(secret, served.out / "link.txt")
    os.symlink(served.out.parent, served.out / "up")
    for path in ["/out/../secret.txt", "/out/%2e%2e/secret.txt", "/out/..%2fsecret.txt", "/out/%2E%2E%2Fsecret.txt",
                 "/out//etc/passwd", "/out/%2fetc/passwd", "/out/link.txt", "/out/up/secret.txt", "/out/",
                 "/out/mini-hoh", "/out/..\\secret.txt", "/out/%00", "/static/../server.py", "/etc/passwd",
                 "/out/mini-hoh/%2e%2e/%2e%2e/secret.txt"]:
        status, body = get(served, path)
        assert status == 404 and b"private" not in body, path
    assert get(served, "/out/.studio/_draft/mini-hoh/.printgen-manifest.json")[0] == 200  # what the build wrote
    assert safe_file(served.out, "mini-hoh/../../secret.txt") is None


def test_a_request_for_another_host_name_is_refused(served):
    assert get(served, "/", host="evil.example:80")[0] == 421  # DNS rebinding
    assert get(served, "/", host="localhost")[0] == 200
    assert get(served, "/", host="[::1]:80")[0] == 200
    assert get(served, "/", host="192.168.1.5:8000")[0] == 421  # only with --host 0.0.0.0


def test_a_face_opens_beside_its_data_record(served):
    status, body = get(served, "/face?game=mini-hoh&key=class-cards/001-knight&fragment=1")
    html = body.decode()
    assert status == 200
    assert "class-card" in html  # the layout's name
    assert "- name: Knight" in html and "Holds the line" in html  # the record, from the data file
    assert "vscode://file/" in html and "classes.yaml:2:" in html
    evil = [k for k in served.studio.games()[0].faces if k.name == EVIL][0]
    html = get(served, f"/face?game=mini-hoh&key={evil.key}")[1].decode()
    assert "<script>pw" not in html and "&lt;script&gt;" in html
    assert get(served, "/face?game=mini-hoh&key=nothing")[0] == 404


def test_clients_that_hang_up_early_make_one_quiet_line(served, capfd):
    """Issue 37: every client that went away gave a BrokenPipeError traceback (9,202 lines for 200)."""
    import socket
    import struct
    import time

    (served.out / "big.bin").write_bytes(bytes(8 << 20))  # too big to fit the socket's buffers at once
    u = urlsplit(served.url)
    said = len(served.lines)
    for _ in range(40):
        s = socket.create_connection((u.hostname, u.port), timeout=5)
        s.sendall(f"GET /out/big.bin HTTP/1.1\r\nHost: {u.netloc}\r\n\r\n".encode())
        s.recv(100)  # the answer has started
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()  # a reset, mid-answer
    time.sleep(1.0)
    assert get(served, "/")[0] == 200  # still serving
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipe" not in err and "ConnectionReset" not in err, err[:2000]
    new = served.lines[said:]
    assert 1 <= len(new) <= 2 and all(line.startswith("studio: a page went away") for line in new), new
    (served.out / "big.bin").unlink()


def post(served, path: str, body: bytes = b"{}", headers: dict | None = None) -> tuple[int, dict]:
    import json

    u = urlsplit(served.url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
    r = conn.getresponse()
    data = json.loads(r.read() or b"{}")
    conn.close()
    return r.status, data


def test_a_write_needs_the_pages_token(served):
    token = served.studio.token
    assert token in get(served, "/")[1].decode()  # the page carries it; another site's page cannot read it
    assert post(served, "/release")[0] == 403
    assert post(served, "/release", headers={"X-Studio-Token": "guess"})[0] == 403
    assert post(served, "/release", headers={"X-Studio-Token": token, "Origin": "http://evil.example"})[0] == 403
    import socket

    u = urlsplit(served.url)
    with socket.create_connection((u.hostname, u.port), timeout=10) as s:  # a body too big: refused unread
        s.sendall(f"POST /map HTTP/1.1\r\nHost: {u.netloc}\r\nX-Studio-Token: {token}\r\n"
                  f"Content-Length: {2 << 20}\r\n\r\n".encode())
        assert s.recv(100).startswith(b"HTTP/1.1 413")
    assert not (served.out / "mini-hoh").exists()  # the players' output: untouched by the studio's rounds
    status, answer = post(served, "/release", headers={"X-Studio-Token": token})
    assert status == 200 and answer["message"].startswith("Released into"), answer
    assert (served.out / "mini-hoh" / ".printgen-manifest.json").is_file()


def test_faces_and_pages_at_print_resolution_and_the_painters_start(served):
    import json
    from io import BytesIO

    from PIL import Image

    status, body = get(served, "/face.png?game=mini-hoh&key=class-cards/001-knight&dpi=300")
    img = Image.open(BytesIO(body))
    assert status == 200 and img.size == (750, 1050)  # 63.5 x 88.9 mm at 300 dpi
    assert round(img.info["dpi"][0]) == 300
    view = served.studio.games()[0]
    sheet = view.images["Sheets"][0]
    status, body = get(served, f"/page.png?game=mini-hoh&path={sheet.path}&dpi=150")
    assert status == 200 and Image.open(BytesIO(body)).size in ((1240, 1754), (1241, 1754))  # A4 at 150 dpi
    html = get(served, f"/page?game=mini-hoh&path={sheet.path}&fragment=1")[1].decode()
    assert sheet.pdf.endswith("/a4/class-cards.pdf") and sheet.pdf in html.replace("%2F", "/")
    status, body = get(served, "/map?game=mini-hoh&index=0")
    data = json.loads(body)
    assert status == 200 and data["name"] == "Cellar" and data["layers"][0]["lines"][0] == "A   .   ."
    assert {e["key"]: e["terrain"] for e in data["legend"]} == {".": "Floor", "#": "Wall", "A": "Floor", "B": "Floor"}
    html = get(served, "/layout?game=mini-hoh&key=class-cards/001-knight")[1].decode()
    assert "Built in to printgen" in html and "extends: class-card" in html and "elements:" in html
    assert get(served, "/layout?game=mini-hoh&key=nothing")[0] == 404
    assert get(served, f"/page.png?game=mini-hoh&path=../{sheet.path}")[0] == 404
    assert post(served, "/map", json.dumps({"game": "mini-hoh", "index": 0}).encode())[0] == 403
