// Builds db/places/places-data.json from the shared RU (HFLabs «Города России», CC BY-SA 4.0) and BY (Wikidata, CC0)
// datasets plus the hand-typed world cities. Usage: npx tsx scripts/build-places.ts [ru.csv] [by.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { WORLD_CITIES } from './places/world-cities';
import { parseCsv } from './places/csv';

interface PlaceRow {
  name: string;
  country: string;
  region: string | null;
  lat: number;
  lon: number;
  population: number;
}

const [ruPath = '../shared/data/ru-cities.csv', byPath = '../shared/data/by-cities.json'] = process.argv.slice(2);
const round = (n: number) => Math.round(n * 10_000) / 10_000;

function regionName(type: string, region: string): string | null {
  if (type === 'г') return null; // a federal city is its own region
  if (type === 'Респ') return /(ская|ая)$/.test(region) ? `${region} Республика` : `Республика ${region.replace(/\s*\/(.+)\//, ' ($1)')}`;
  if (type === 'обл') return `${region} область`;
  if (type === 'Аобл') return `${region} автономная область`;
  if (type === 'АО') return /округ/i.test(region) ? region : `${region} автономный округ`;
  if (type === 'край') return `${region} край`;
  return region;
}

function russianCities(): PlaceRow[] {
  return parseCsv(readFileSync(ruPath, 'utf8')).map((r) => {
    const fromAddress = (r.address ?? '').split(',').pop()?.trim().replace(/^г\s+/, '') ?? '';
    return {
      name: r.city || fromAddress || r.settlement || r.region || '',
      country: 'Россия',
      region: regionName(r.region_type ?? '', r.region ?? ''),
      lat: round(Number(r.geo_lat)),
      lon: round(Number(r.geo_lon)),
      population: Number(r.population) || 0,
    };
  });
}

function belarusianCities(): PlaceRow[] {
  const rows = JSON.parse(readFileSync(byPath, 'utf8')) as Array<{ name: string; lat: number; lon: number; population?: number }>;
  return rows.map((r) => ({
    name: r.name,
    country: 'Беларусь',
    region: null,
    lat: round(r.lat),
    lon: round(r.lon),
    population: r.population ?? 0,
  }));
}

const places = [
  ...russianCities(),
  ...belarusianCities(),
  ...WORLD_CITIES.map(([name, country, lat, lon, population]) => ({ name, country, region: null, lat, lon, population })),
]
  .filter((p) => p.name && Number.isFinite(p.lat) && Number.isFinite(p.lon))
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'ru'));

writeFileSync('db/places/places-data.json', `[\n${places.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
console.log(`db/places/places-data.json: ${places.length} places`);
