import * as migration_20261122_084906_initial from './20261122_084906_initial';
import * as migration_20261123_060255_site_settings_time_zone from './20261123_060255_site_settings_time_zone';

export const migrations = [
  {
    up: migration_20261122_084906_initial.up,
    down: migration_20261122_084906_initial.down,
    name: '20261122_084906_initial',
  },
  {
    up: migration_20261123_060255_site_settings_time_zone.up,
    down: migration_20261123_060255_site_settings_time_zone.down,
    name: '20261123_060255_site_settings_time_zone'
  },
];
