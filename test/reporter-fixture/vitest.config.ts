// A run of one passing and one skipped test through the summary reporter (test/summary-reporter.test.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['skips.fixture.ts'], reporters: ['../summary-reporter.ts'] } });
