import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    // Background work (imports, heavy reads) at normal priority: here the CPU goes to other test files,
    // and a niced import starved by browsers only stretches the run (README, Configuration).
    env: { BACKGROUND_NICE: '0' },
    // A hang detector, not a speed target: CI's shared 2-core machine runs some days at less than half
    // its usual speed, and browser journeys of 15–20 s on a quiet day then ran past a 30 s limit on both
    // tries. A test that needs longer still says so itself.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: a screen that waits for a route's chunk and its data
    // takes longer than that on a loaded machine, and a slow answer is not a wrong one.
    expect: { poll: { timeout: 10_000 } },
    // Each file starts its own servers and databases. Three at a time on CI's two cores: the journeys
    // spend much of their time waiting on browsers, servers and queues, and a third file fills those
    // waits; a fourth mostly adds contention (browsers and servers slowed by one another cost more
    // CPU for the same work) while the checks of scripts/test.sh run beside the suite.
    maxWorkers: 3,
    fileParallelism: true,
    // Files share their worker's loaded modules: importing the server again for every file is
    // time CI does not need to spend. No test relies on a fresh module state (each starts its own
    // server and database, and names its users uniquely).
    isolate: false,
    // CI's 2-core machine is shared and its speed drifts: a browser journey's wait can run out
    // there though nothing is wrong. A failed test runs once more in CI (the report marks it
    // retried); one that fails twice fails the run. Locally a failure is never retried.
    retry: process.env['CI'] ? 1 : 0,
  },
});
