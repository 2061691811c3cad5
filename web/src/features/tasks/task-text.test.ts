import { describe, expect, it } from 'vitest';
import { dueGroup, taskDisplay } from './task-text';

describe('taskDisplay', () => {
  it('takes out the signifiers the badges show, in emoji and Dataview fields', () => {
    expect(taskDisplay('pay rent 🔁 every month on the 1st 📅 2022-03-01 ➕ 2022-01-10')).toBe('pay rent');
    expect(taskDisplay('fix the roof ⏫ 📅 2022-03-01')).toBe('fix the roof');
    expect(taskDisplay('water plants [repeat:: every week] [priority:: lowest]')).toBe('water plants');
    expect(taskDisplay('call Bob due:: 2022-03-01')).toBe('call Bob');
    expect(taskDisplay('book the hall [due:: 2022-02-01] (completion:: 2022-01-20) now')).toBe('book the hall now');
    expect(taskDisplay('watch it repeat:: every day')).toBe('watch it');
  });

  it('reads links as their words', () => {
    expect(taskDisplay('see [[Finance]] and [[Budget 2026#Q1|the budget]]')).toBe('see Finance and the budget');
    expect(taskDisplay('[[Use Cases]]')).toBe('Use Cases');
    expect(taskDisplay('burn out [queries with templater](https://github.com/x/y/discussions/1241) (also [here](https://forum.obsidian.md/t/1) )')).toBe(
      'burn out queries with templater (also here )',
    );
  });

  it('keeps other fields and words as written', () => {
    expect(taskDisplay('later [duedate:: 2022-09-26] see it')).toBe('later [duedate:: 2022-09-26] see it');
    expect(taskDisplay('the 2022-03-01 meeting')).toBe('the 2022-03-01 meeting');
  });

  it('leaves out dependencies, emoji or Dataview (the badges say whether it is blocked)', () => {
    expect(taskDisplay('pack the books ⛔️ van, pack-2 🆔 pack-1 ⏫')).toBe('pack the books');
    expect(taskDisplay('get the keys [dependsOn:: lease] [id:: keys]')).toBe('get the keys');
  });

  it('shows a task made only of signifiers as written', () => {
    expect(taskDisplay('📅 2022-03-01')).toBe('📅 2022-03-01');
  });
});

describe('dueGroup', () => {
  it('puts a due date before, on or after today, or none', () => {
    expect(dueGroup('2026-12-03', '2026-12-04')).toBe('overdue');
    expect(dueGroup('2026-12-04', '2026-12-04')).toBe('today');
    expect(dueGroup('2027-01-01', '2026-12-04')).toBe('upcoming');
    expect(dueGroup(null, '2026-12-04')).toBe('none');
  });
});
