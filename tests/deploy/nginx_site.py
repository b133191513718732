"""nginx for the tests: deploy/nginx/classroom.conf (as the guide installs it) with this
machine's free ports, a throwaway certificate, and a small nginx.conf around it that keeps
every file in a temporary folder (Debian's own /etc/nginx/nginx.conf does the same job there)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.scaleout.services import ROOT

SITE = ROOT / "deploy" / "nginx" / "classroom.conf"


def nginx_binary() -> str | None:
    """nginx on the PATH, or where Debian puts it."""
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


def throwaway_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key."""
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=localhost", "-keyout", str(key), "-out", str(certificate)),
            *("-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return certificate, key


def on_free_ports(text: str, upstreams: list[int], http_port: int, https_port: int) -> str:
    """The site's text listening on loopback ports instead of 80 and 443, in front of
    `upstreams` instead of 5001 and 5002."""
    servers = "\n    ".join(f"server 127.0.0.1:{port};" for port in upstreams)
    swaps = {
        "server 127.0.0.1:5001;": servers,
        "    server 127.0.0.1:5002;\n": "",
        "    listen [::]:80;\n": "",
        "    listen [::]:443 ssl;\n": "",
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https_port} ssl;",
        "set $classroom_https_port 443;": f"set $classroom_https_port {https_port};",
    }
    for old, new in swaps.items():
        assert old in text, f"deploy/nginx/classroom.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


def with_files_in(text: str, folder: Path, certificate: Path, key: Path) -> str:
    """The site's text with its log and certificate paths in `folder`."""
    swaps = {
        "/var/log/nginx/": f"{folder}/",
        "/etc/ssl/certs/classroom.pem": str(certificate),
        "/etc/ssl/private/classroom.key": str(key),
    }
    for old, new in swaps.items():
        text = text.replace(old, new)
    return text


def main_config(folder: Path, site: Path) -> Path:
    """An nginx.conf that includes `site` in its http block, everything else in `folder`."""
    temp = "".join(
        f"    {kind}_temp_path {folder / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    path = folder / "nginx.conf"
    path.write_text(
        f"pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        "http {\n"
        f"{temp}"
        f"    access_log {folder / 'access.log'};\n"
        f"    include {site};\n"
        "}\n"
    )
    return path
