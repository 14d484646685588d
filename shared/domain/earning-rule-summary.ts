import type { EarningRule } from '../api/operations/earning-rules';

// A readable account of an earning rule (spec 4.3, beta): what earns points, how many, and when
// they expire. The endpoint is beta, so every field is read defensively and unknown shapes are
// shown as they came rather than dropped.

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : undefined;
}

function list(value: unknown): Obj[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): Obj[] => {
    const o = obj(v);
    return o ? [o] : [];
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}

function plural(n: unknown, unit: unknown): string {
  const u = (text(unit) ?? '').toLowerCase();
  return `${text(n) ?? '?'} ${u}${Number(n) === 1 ? '' : 's'}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** How the points of one effect expire. */
export function describeExpiration(expiration: unknown): string {
  const e = obj(expiration);
  if (!e) return 'expiration not given';
  const rolling = obj(e.rolling_expiration);
  const calendar = list(obj(e.calendar_expiration)?.expiration_dates);
  const sliding = obj(e.sliding_expiration);
  if (rolling) {
    const period = obj(rolling.period);
    const rounding = obj(rolling.rounding);
    const round = text(rounding?.type) ? `, rounded to ${text(rounding?.type)}${Number(rounding?.value) ? ` (${text(rounding?.value)})` : ''}` : '';
    return `points expire ${plural(period?.value, period?.unit)} after they are earned${round}`;
  }
  if (calendar.length > 0) {
    return `points expire on ${calendar.map((d) => `${text(d.day) ?? '?'}/${text(d.month) ?? '?'}`).join(', ')} (day/month) each year`;
  }
  if (sliding) {
    const period = obj(sliding.period);
    const kinds = ['earning_activity', 'spending_activity', 'custom_activity'].filter((k) => sliding[k] === true).map((k) => k.replace('_', ' '));
    const custom =
      Array.isArray(sliding.custom_activity_types) && sliding.custom_activity_types.length > 0 ? ` (${sliding.custom_activity_types.join(', ')})` : '';
    return `points expire ${plural(period?.value, period?.unit)} after the last ${kinds.join(' or ') || 'activity'}${custom}`;
  }
  if (e.type === 'NO_EXPIRATION') return 'points never expire';
  return `points expiration ${text(e.type) ?? JSON.stringify(e)}`;
}

function describeApplicable(items: unknown): string {
  const targets = list(items).map((a) => text(obj(a.product)?.id) ?? text(obj(a.sku)?.id) ?? text(obj(a.products_collection)?.id) ?? text(a.type) ?? '?');
  return targets.length > 0 ? ` of ${targets.join(', ')}` : '';
}

function proportionalLines(p: Obj): string[] {
  const lines: string[] = [];
  const rate = (group: string, name: string, g: Obj | undefined) => {
    if (!g || g.every === undefined) return;
    const property = text(g.property) ? ` "${text(g.property)}"` : '';
    lines.push(
      `${text(g.value) ?? '?'} point(s) for every ${text(g.every) ?? '?'} of ${group} ${name.replace('_', ' ')}${property}${describeApplicable(g.applicable_to)}`,
    );
  };
  for (const group of ['order', 'customer', 'order_items'] as const) {
    const groupObj = obj(p[group]);
    for (const [name, value] of Object.entries(groupObj ?? {})) rate(group.replace('_', ' '), name, obj(value));
  }
  return lines;
}

/** One effect: the points it gives and when they expire. */
export function describeEffect(effect: Obj): string[] {
  const points = obj(effect.points);
  const proportional = obj(effect.points_proportional);
  const kind = text(effect.type) ?? 'effect';
  if (points) {
    return [
      `${text(points.value) ?? '?'} ${kind.toLowerCase()} on card ${text(points.card_definition_id) ?? '?'}; ${describeExpiration(points.points_expiration)}`,
    ];
  }
  if (proportional) {
    // The service types these effects POINTS_PROPORTIONAL (older answers said POINTS).
    const head = `${kind.toLowerCase().replace(/_proportional$/, '')} in proportion (${text(proportional.calculation_type) ?? 'calculation not given'}) on card ${text(proportional.card_definition_id) ?? '?'}; ${describeExpiration(proportional.points_expiration)}`;
    return [head, ...proportionalLines(proportional).map((line) => `  * ${line}`)];
  }
  return [`${kind}: ${JSON.stringify(effect)}`];
}

function hoursLines(validity: unknown): string[] {
  return list(obj(validity)?.daily).map((d) => {
    const week = Array.isArray(d.days_of_week) ? d.days_of_week : [];
    const days = week.length === 0 || week.length === 7 ? 'every day' : week.map((n) => DAYS[Number(n)] ?? String(n)).join(', ');
    return `${days} ${text(d.start_time) ?? '?'}-${text(d.end_time) ?? '?'}`;
  });
}

function limitLines(limits: unknown): string[] {
  const l = obj(limits);
  if (!l) return [];
  const cooldown = obj(l.cooldown);
  const fixed = obj(obj(cooldown?.fixed_cooldown)?.period);
  const lines: string[] = [];
  if (cooldown) {
    const none = cooldown.type === 'NO_COOLDOWN';
    lines.push(`cooldown: ${none ? 'none' : fixed ? plural(fixed.value, fixed.unit) : (text(cooldown.type) ?? 'not given')}`);
  }
  const frequency = obj(l.frequency);
  if (frequency) {
    const limitsList = list(frequency.limits).map((x) => {
      const unit = text(obj(obj(x.period)?.current_period)?.unit) ?? text(obj(x.period)?.type) ?? '?';
      return `at most ${text(obj(x.triggers)?.max) ?? '?'} per ${unit.toLowerCase()}`;
    });
    lines.push(
      `frequency: ${frequency.type === 'NO_LIMIT' ? 'no limit' : limitsList.length === 0 ? (text(frequency.type) ?? 'not given') : limitsList.join('; ')}`,
    );
  }
  return lines;
}

/** The rule as lines of text for a terminal or a details pane. */
export function describeEarningRule(rule: EarningRule): string[] {
  const trigger = obj(rule.trigger);
  const segment = text(obj(trigger?.segment)?.id);
  const schema = text(obj(trigger?.custom_event)?.schema_id);
  const lines = [
    `Earning rule ${rule.id}${rule.name ? ` "${rule.name}"` : ''} (${rule.status ?? 'status not given'})`,
    `Trigger: ${text(trigger?.event) ?? 'not given'}${schema ? `, custom event schema ${schema}` : ''}${segment ? `, customers in segment ${segment}` : ''}`,
    `Active: from ${rule.start_date ?? 'the start'} until ${rule.end_date ?? 'no end date'}`,
  ];
  const hours = hoursLines(rule.validity_hours);
  if (hours.length > 0) lines.push(`Valid hours: ${hours.join('; ')}`);
  const limits = limitLines(rule.trigger_limits);
  if (limits.length > 0) lines.push(`Limits: ${limits.join('; ')}`);
  const earnings = list(rule.earnings);
  lines.push(earnings.length === 0 ? 'Earnings: none' : 'Earnings:');
  earnings.forEach((earning, i) => {
    const tier = text(obj(earning.tier_rules)?.type);
    const logic = text(obj(earning.rules)?.logic);
    lines.push(`  ${i + 1}. ${text(earning.name) ?? 'unnamed'}${tier ? ` (tier: ${tier})` : ''}${logic ? ` when ${logic}` : ''}`);
    for (const effect of list(earning.effects)) {
      for (const line of describeEffect(effect)) lines.push(line.startsWith('  * ') ? `       ${line.slice(2)}` : `     - ${line}`);
    }
  });
  const error = text(obj(rule.error)?.message);
  if (error) lines.push(`Message shown when it fails: ${error}`);
  return lines;
}
