import * as migration_20261122_012856_initial from './20261122_012856_initial';

export const migrations = [
  {
    up: migration_20261122_012856_initial.up,
    down: migration_20261122_012856_initial.down,
    name: '20261122_012856_initial'
  },
];
