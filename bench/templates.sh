#!/usr/bin/env bash
# The template engines on the feed page (24 cards, signed in): ours (PageTemplates, from
# Sources/MarketServer/Support/Templates), LeafKit (which it replaced) and swift-mustache (the
# feed's templates written as Mustache in bench/templates/mustache), each drawing the page from
# the same values built anew per page, as a request builds them. Release build of the small
# package in bench/templates; prints µs a page for each, best of three rounds.
#
#   bench/templates.sh [PAGES]
set -euo pipefail
cd "$(dirname "$0")/.."
(cd bench/templates && swift build -c release >&2)
bench/templates/.build/release/TemplateBench Sources/MarketServer/Resources/Views bench/templates/mustache "${1:-20000}"
