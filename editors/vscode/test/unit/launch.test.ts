import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveLaunch, parseChoices, parseSeed, initialConfigurations, describeSchedule, debugScheduleLaunch, LAUNCH_ATTRIBUTES } from '../../src/launch';

test('parseChoices reads arrays and the CLI string forms', () => {
  assert.deepEqual(parseChoices([0, 1, 0]), [0, 1, 0]);
  assert.deepEqual(parseChoices('0,1,0,0,0,0'), [0, 1, 0, 0, 0, 0]);
  assert.deepEqual(parseChoices('[0, 1, 0]'), [0, 1, 0]);
  assert.deepEqual(parseChoices('0 1 2'), [0, 1, 2]);
  assert.deepEqual(parseChoices(''), []);
  assert.deepEqual(parseChoices(['1', '2']), [1, 2]);
  assert.match(parseChoices('0,-1') as string, /not a non-negative integer/);
  assert.match(parseChoices([0.5]) as string, /not a non-negative integer/);
  assert.match(parseChoices({}) as string, /must be an array/);
  // Runs, as revl prints the vectors of long schedules.
  assert.deepEqual(parseChoices('0*3,1'), [0, 0, 0, 1]);
  assert.deepEqual(parseChoices('[2*2, 0]'), [2, 2, 0]);
  assert.equal((parseChoices('0*9996,1') as number[]).length, 9997);
  assert.match(parseChoices('0*0') as string, /positive count/);
  assert.match(parseChoices('*2') as string, /not a non-negative integer/);
  assert.match(parseChoices('0*99999999') as string, /longer than 16777216 decisions/);
  assert.deepEqual(parseChoices([0, '0*2']), [0, 0, 0]);
});

test('parseSeed accepts numbers and digit strings only', () => {
  assert.equal(parseSeed(3), 3);
  assert.equal(parseSeed('17'), 17);
  assert.match(parseSeed(-1) as string, /non-negative integer/);
  assert.match(parseSeed('x') as string, /non-negative integer/);
  assert.match(parseSeed(1.5) as string, /non-negative integer/);
});

test('an empty configuration (F5 without launch.json) debugs the active program with the default seed', () => {
  const r = resolveLaunch({}, { activeFile: '/w/examples/two-consumers.rvl', defaultSeed: 3 });
  assert.equal(r.error, undefined);
  assert.deepEqual(r.config, {
    type: 'revl', request: 'launch', name: 'revl: debug seed 3', program: '/w/examples/two-consumers.rvl', seed: 3, stopOnEntry: true,
  });
  const d = resolveLaunch({}, { activeFile: '/w/a.rvl' });
  assert.equal(d.config?.seed, 1);
});

test('an empty configuration opens the active trace', () => {
  const r = resolveLaunch({}, { activeFile: '/w/t.rvt' });
  assert.equal(r.config?.trace, '/w/t.rvt');
  assert.equal(r.config?.program, undefined);
});

test('an empty configuration without a revl file is an error', () => {
  assert.match(resolveLaunch({}, { activeFile: '/w/readme.md' }).error!, /Open a \.rvl program/);
  assert.match(resolveLaunch({}, {}).error!, /Open a \.rvl program/);
});

test('seed and choices are normalized; both at once is an error', () => {
  const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl' };
  assert.equal(resolveLaunch({ ...base, seed: '42' }).config?.seed, 42);
  assert.deepEqual(resolveLaunch({ ...base, choices: '0,1,0' }).config?.choices, [0, 1, 0]);
  assert.match(resolveLaunch({ ...base, seed: 1, choices: [0] }).error!, /not both/);
  assert.match(resolveLaunch({ ...base, seed: 'abc' }).error!, /"seed" must be/);
  assert.match(resolveLaunch({ ...base, choices: 'a,b' }).error!, /"choices"/);
  const neither = resolveLaunch({ ...base });
  assert.equal(neither.config?.seed, undefined);
  assert.equal(neither.config?.choices, undefined);
  assert.ok(!('seed' in neither.config!));
});

test('stopOnEntry defaults to true and booleans are checked', () => {
  const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl' };
  assert.equal(resolveLaunch(base).config?.stopOnEntry, true);
  assert.equal(resolveLaunch({ ...base, stopOnEntry: false }).config?.stopOnEntry, false);
  assert.match(resolveLaunch({ ...base, minimize: 'yes' as unknown as boolean }).error!, /"minimize" must be true or false/);
  assert.match(resolveLaunch({ ...base, mocks: 1 as unknown as boolean }).error!, /"mocks" must be true or false/);
  assert.match(resolveLaunch({ ...base, minimize: true }).error!, /"minimize" shrinks the schedule of a "seed"/);
  assert.equal(resolveLaunch({ ...base, minimize: true, seed: 3 }).config?.minimize, true);
});

test('program is required unless a trace is given; it defaults to the active .rvl file', () => {
  assert.match(resolveLaunch({ type: 'revl', request: 'launch', name: 'x' }).error!, /"program" is required/);
  assert.equal(resolveLaunch({ type: 'revl', request: 'launch', name: 'x' }, { activeFile: '/w/b.rvl' }).config?.program, '/w/b.rvl');
  assert.equal(resolveLaunch({ type: 'revl', request: 'launch', name: 'x', trace: '/w/t.rvt' }).error, undefined);
  assert.match(resolveLaunch({ type: 'revl', request: 'launch', name: 'x', trace: '/w/t.rvt', seed: 1 }).error!, /replays the schedule it recorded/);
  assert.match(resolveLaunch({ type: 'revl', request: 'launch', name: 'x', program: '${file}' }).error!, /still holds a variable/);
});

test('before substitution only the empty configuration is filled in', () => {
  const c = { type: 'revl', request: 'launch', name: 'x', program: '${workspaceFolder}/a.rvl', seed: '3' };
  const r = resolveLaunch(c, { substituted: false });
  assert.equal(r.error, undefined);
  assert.equal(r.config?.program, '${workspaceFolder}/a.rvl');
  const e = resolveLaunch({}, { activeFile: '/w/a.rvl', defaultSeed: 3, substituted: false });
  assert.equal(e.config?.program, '/w/a.rvl');
  assert.equal(e.config?.seed, 3);
});

test('attach is refused; unknown keys pass through to the adapter', () => {
  assert.match(resolveLaunch({ type: 'revl', request: 'attach', name: 'x', program: '/a.rvl' }).error!, /must be "launch"/);
  const r = resolveLaunch({ type: 'revl', request: 'launch', name: 'x', program: '/a.rvl', extra: 1 });
  assert.equal(r.config?.extra, 1);
});

test('initial configurations use the failing seed and vector when a sweep found them', () => {
  const plain = initialConfigurations();
  assert.equal(plain.length, 1);
  assert.deepEqual(plain[0], { type: 'revl', request: 'launch', name: 'revl: debug seed 1', program: '${file}', seed: 1, stopOnEntry: true });
  const found = initialConfigurations({ program: '${workspaceFolder}/examples/two-consumers.rvl', failingSeed: 3, failingChoices: [0, 1, 0, 0, 0, 0] });
  assert.equal(found[0].seed, 3);
  assert.equal(found[0].name, 'revl: debug seed 3');
  assert.deepEqual(found[1].choices, [0, 1, 0, 0, 0, 0]);
  for (const c of found) {
    for (const k of Object.keys(c)) {
      if (!['type', 'request', 'name'].includes(k)) assert.ok((LAUNCH_ATTRIBUTES as readonly string[]).includes(k), k);
    }
  }
});

test('atoms and maxFires are checked as revl-dap checks them', () => {
  const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl', seed: 3 };
  const cases: { name: string; in: Record<string, unknown>; error?: RegExp }[] = [
    { name: 'lifecycle', in: { atoms: 'lifecycle' } },
    { name: 'fine', in: { atoms: 'fine' } },
    { name: 'fine with a fire bound', in: { atoms: 'fine', maxFires: 5 } },
    { name: 'an unknown alphabet', in: { atoms: 'coarse' }, error: /"atoms" must be "lifecycle" or "fine", not "coarse"/ },
    { name: 'the CLI flag spelling is not an alphabet', in: { atoms: '--atoms fine' }, error: /"atoms" must be/ },
    { name: 'a fire bound of 0', in: { atoms: 'fine', maxFires: 0 }, error: /"maxFires" must be a positive integer, not 0/ },
    { name: 'a fractional fire bound', in: { atoms: 'fine', maxFires: 1.5 }, error: /"maxFires" must be a positive integer/ },
    { name: 'a fire bound as a string', in: { atoms: 'fine', maxFires: '3' }, error: /"maxFires" must be a positive integer, not "3"/ },
    { name: 'a fire bound without fine atoms', in: { maxFires: 3 }, error: /add "atoms": "fine"/ },
    { name: 'a fire bound with lifecycle atoms', in: { atoms: 'lifecycle', maxFires: 3 }, error: /add "atoms": "fine"/ },
    { name: 'fine atoms in mock world', in: { atoms: 'fine', mocks: true }, error: /plain world only; drop "mocks"/ },
    { name: 'lifecycle atoms in mock world', in: { atoms: 'lifecycle', mocks: true } },
  ];
  for (const tc of cases) {
    const r = resolveLaunch({ ...base, ...tc.in });
    if (tc.error) {
      assert.match(r.error ?? '', tc.error, tc.name);
    } else {
      assert.equal(r.error, undefined, tc.name);
      assert.equal(r.config?.atoms, tc.in.atoms, tc.name);
      assert.equal(r.config?.maxFires, tc.in.maxFires, tc.name);
    }
  }
});

test('maxFaults is checked as revl-dap checks it', () => {
  const base = { type: 'revl', request: 'launch', name: 'x', program: '/w/a.rvl', choices: '0,0,1,0' };
  const cases: { name: string; in: Record<string, unknown>; error?: RegExp }[] = [
    { name: 'no faults', in: { maxFaults: 0 } },
    { name: 'one fault', in: { maxFaults: 1 } },
    { name: 'negative', in: { maxFaults: -1 }, error: /"maxFaults" must be an integer from 0 to 16, not -1/ },
    { name: 'too many', in: { maxFaults: 17 }, error: /"maxFaults" must be an integer from 0 to 16/ },
    { name: 'a string', in: { maxFaults: '1' }, error: /"maxFaults" must be an integer from 0 to 16, not "1"/ },
    { name: 'with fine atoms', in: { maxFaults: 1, atoms: 'fine' } },
  ];
  for (const tc of cases) {
    const r = resolveLaunch({ ...base, ...tc.in });
    if (tc.error) {
      assert.match(r.error ?? '', tc.error, tc.name);
    } else {
      assert.equal(r.error, undefined, tc.name);
      assert.equal(r.config?.maxFaults, tc.in.maxFaults, tc.name);
    }
  }
});

test('describeSchedule names the schedule', () => {
  assert.equal(describeSchedule({ seed: 3 }), 'seed 3');
  assert.equal(describeSchedule({ seed: 3, atoms: 'fine' }), 'seed 3 (fine atoms)');
  assert.equal(describeSchedule({ choices: [0, 2], atoms: 'fine' }), 'choices [0, 2] (fine atoms)');
  assert.equal(describeSchedule({ atoms: 'fine' }), 'the canonical run (fine atoms)');
  assert.equal(describeSchedule({ seed: 3, atoms: 'lifecycle' }), 'seed 3');
  assert.equal(describeSchedule({ trace: '/x/t.rvt', atoms: 'fine' }), 'trace t.rvt');
  assert.equal(describeSchedule({ choices: '0,1' }), 'choices [0, 1]');
  assert.equal(describeSchedule({ trace: '/x/y/t.rvt' }), 'trace t.rvt');
  assert.equal(describeSchedule({}), 'the canonical run');
});

test('a debug lens starts the launch the language server answers, with the sweep\'s mode', () => {
  const cases: { name: string; args: Parameters<typeof debugScheduleLaunch>[0]; answered?: Parameters<typeof debugScheduleLaunch>[1]; want: Record<string, unknown> }[] = [
    {
      name: 'a fault vector, answered by the server',
      args: { program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 1 },
      answered: { type: 'revl', request: 'launch', name: 'revl: schedule [0, 0, 1, 0]', program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 1 },
      want: { type: 'revl', request: 'launch', name: 'revl: schedule [0, 0, 1, 0]', program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 1, stopOnEntry: true },
    },
    {
      name: 'a fault vector when the server could not answer',
      args: { program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 2 },
      want: { type: 'revl', request: 'launch', name: 'revl: schedule [0,0,1,0]', program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 2, stopOnEntry: true },
    },
    {
      name: 'a server answer without the fault bound keeps the lens\'s',
      args: { program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 1 },
      answered: { type: 'revl', request: 'launch', name: 'n', program: '/w/faults.rvl', choices: [0, 0, 1, 0] },
      want: { type: 'revl', request: 'launch', name: 'n', program: '/w/faults.rvl', choices: [0, 0, 1, 0], maxFaults: 1, stopOnEntry: true },
    },
    {
      name: 'a fine vector with its fire bound, unanswered',
      args: { program: '/w/resume.rvl', choices: [0, 0, 0, 0, 1], atoms: 'fine', maxFires: 2 },
      want: { type: 'revl', request: 'launch', name: 'revl: schedule [0,0,0,0,1]', program: '/w/resume.rvl', choices: [0, 0, 0, 0, 1], atoms: 'fine', maxFires: 2, stopOnEntry: true },
    },
    {
      name: 'a lifecycle vector has no mode attributes',
      args: { program: '/w/a.rvl', choices: [0, 1, 0, 0, 0, 0], maxFaults: 0 },
      want: { type: 'revl', request: 'launch', name: 'revl: schedule [0,1,0,0,0,0]', program: '/w/a.rvl', choices: [0, 1, 0, 0, 0, 0], stopOnEntry: true },
    },
  ];
  for (const c of cases) {
    const got = debugScheduleLaunch(c.args, c.answered);
    assert.deepEqual(got, c.want, c.name);
    // What the extension starts passes its own checks, as a launch.json configuration would.
    const r = resolveLaunch(got);
    assert.equal(r.error, undefined, `${c.name}: ${r.error}`);
    assert.equal(r.config?.maxFaults, c.want.maxFaults, c.name);
    assert.equal(r.config?.atoms, c.want.atoms, c.name);
    assert.equal(r.config?.maxFires, c.want.maxFires, c.name);
  }
  // The answer is copied, not changed.
  const answered = { type: 'revl', request: 'launch', program: '/w/a.rvl', choices: [0] };
  debugScheduleLaunch({ maxFaults: 1 }, answered);
  assert.deepEqual(answered, { type: 'revl', request: 'launch', program: '/w/a.rvl', choices: [0] });
});
