import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Prometheus text exposition as (name, labels, value) samples. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels`. */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics with the token, expected to answer 200 in Prometheus' text format. */
export async function scrape(app: TestApp, token: string): Promise<Sample[]> {
  const res = await app.request.get('/metrics').set('Authorization', `Bearer ${token}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return parseSamples(res.text);
}
