import * as migration_20261122_013427_initial from './20261122_013427_initial'

export const migrations = [
  {
    up: migration_20261122_013427_initial.up,
    down: migration_20261122_013427_initial.down,
    name: '20261122_013427_initial',
  },
]
