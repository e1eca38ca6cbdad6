#!/bin/sh
# Starts Chromium at a lower CPU priority (LIMIAR_PDF_NICE, ADR 0030): under load, laudo renders yield
# the cores to the API processes and PostgreSQL, so interactive requests keep their latency.
exec nice -n "$LIMIAR_CHROMIUM_NICE" "$LIMIAR_CHROMIUM" "$@"
