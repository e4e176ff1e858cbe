#!/bin/sh
# Every check and every test, once. The API suite is the long pole and spends much of its time
# waiting on browsers, servers and queues, so it runs in one lane while the lint, type and format
# checks and the other packages' tests run in another; the run fails if anything in either failed.
# The other packages' tests run two at a time: the database's and the mover's mostly wait on the
# PostgreSQL servers they start. The API lane is the longer one, so the other runs at a lower
# priority: it takes the cores when the API suite waits, and never slows the run's longest part.
set -u

# The web app for the browser tests; the API for the tests' child processes (src/test/node-entry.ts).
turbo run build --filter=@crm/web --filter='@crm/api...' || exit 1

turbo run test --filter=@crm/api &
api_lane=$!

nice -n 10 turbo run eslint format:check knip typecheck --concurrency=2 --continue
checks=$?
nice -n 10 turbo run test --filter='!@crm/api' --concurrency=2 --continue
others=$?

wait "$api_lane"
api=$?

[ "$checks" -eq 0 ] && [ "$others" -eq 0 ] && [ "$api" -eq 0 ]
