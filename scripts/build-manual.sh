#!/bin/sh
# Regenerates the user manual PDF the product serves (/manual/user-manual.pdf) from docs/manual/user-manual.html.
# Needs Debian's chromium and fonts-noto-cjk (as the browser tests do). Run from the repository root.
set -e
chromium --headless --no-sandbox --disable-gpu --disable-background-networking --no-pdf-header-footer \
  --print-to-pdf=apps/web/public/manual/user-manual.pdf docs/manual/user-manual.html
