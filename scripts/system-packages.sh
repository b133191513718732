#!/bin/sh
# The system programs the tests need, installed with apt-get when missing (as root on Debian):
# chromium (browser tests), pdftoppm (printables), PostgreSQL (the second test pass and the
# scale-out tests), redis-server and nginx (scale-out tests and the deployment example), a
# Japanese font so Chromium draws Japanese pages in the browser tests' screenshots.
# Elsewhere it says what is missing and exits 0: those tests skip, or fail under CI=true.
set -eu

have() {
    case "$1" in
        pg_ctl) command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 ;;
        nginx) command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] ;;
        ipaexg) [ -e /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf ] || fc-list 2>/dev/null | grep -q IPAex ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

missing=""
for pair in chromium:chromium pdftoppm:poppler-utils pg_ctl:postgresql \
        redis-server:redis-server nginx:nginx openssl:openssl \
        ipaexg:fonts-ipaexfont-gothic; do
    have "${pair%%:*}" || missing="$missing ${pair##*:}"
done
[ -n "$missing" ] || exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "missing system packages:$missing (install them for the browser, PDF and scale-out tests)"
    exit 0
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # one word per package
apt-get install -y -qq --no-install-recommends $missing
# Debian may start the packaged services; the tests start their own on free ports.
for service in postgresql redis-server nginx; do
    service "$service" stop >/dev/null 2>&1 || true
done
