import { describe, expect, it } from 'vitest';
import {
  checkProjectName,
  confirmsProject,
  findProject,
  normalizeLocation,
  projectBaseUrl,
  projectLabel,
  targetOfLocation,
  type Project,
} from '../../../shared/domain/project';

const shop: Project = { id: 'prj_1', name: 'shop', location: 'eu', appId: 'a', kind: 'production' };
const trial: Project = { id: 'prj_2', name: 'shop sandbox', location: 'http://127.0.0.1:47111', appId: 'b', kind: 'sandbox-project' };

describe('projects', () => {
  it('spells a region or a URL one way and knows where each lives', () => {
    expect(normalizeLocation(' US ')).toBe('us');
    expect(normalizeLocation('https://API.example.com/v1/')).toBe('https://api.example.com/v1');
    expect(() => normalizeLocation('mars')).toThrow(/Region "mars" is not valid: use eu, us, as/);
    expect(() => normalizeLocation('ftp://x')).toThrow(/http or https/);
    expect(targetOfLocation('as')).toEqual({ region: 'as' });
    expect(targetOfLocation('http://localhost:9')).toEqual({ sandbox: 'http://localhost:9' });
    expect(targetOfLocation('https://acme.voucherify.io')).toEqual({ dedicated: 'https://acme.voucherify.io' });
    expect(projectBaseUrl(shop)).toBe('https://api.voucherify.io');
  });

  it('names the project, its kind and region in every report', () => {
    expect(projectLabel(shop)).toBe('shop (production, Europe (https://api.voucherify.io))');
    expect(projectLabel(trial)).toBe('shop sandbox (sandbox project, local sandbox http://127.0.0.1:47111)');
  });

  it('confirms production only with the exact name', () => {
    expect(confirmsProject(shop, 'shop')).toBe(true);
    expect(confirmsProject(shop, ' shop ')).toBe(true);
    expect(confirmsProject(shop, 'Shop')).toBe(false);
    expect(confirmsProject(shop, 'shop sandbox')).toBe(false);
  });

  it('refuses empty, long or multi-line names and lists the projects a wrong name could mean', () => {
    expect(() => checkProjectName('  ')).toThrow(/Project name: give a name/);
    expect(() => checkProjectName('x'.repeat(65))).toThrow(/at most 64 characters/);
    expect(() => checkProjectName('a\nb')).toThrow(/line breaks/);
    expect(findProject([shop, trial], 'shop sandbox')).toBe(trial);
    expect(() => findProject([shop, trial], 'prod')).toThrow(/There is no project "prod": the projects are "shop", "shop sandbox"/);
    expect(() => findProject([], 'prod')).toThrow(/there are no projects yet/);
  });
});
