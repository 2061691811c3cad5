import type { Migration } from '../migrate';
import { m0001 } from './0001_init';
import { m0002 } from './0002_filter_indexes';
import { m0003 } from './0003_fts_porter';
import { m0004 } from './0004_embeddings';
import { m0005 } from './0005_obsidian';
import { m0006 } from './0006_valid_time';
import { m0007 } from './0007_team';
import { m0010 } from './0010_vault_files';
import { m0011 } from './0011_team_visibility';
import { m0012 } from './0012_file_fields';
import { m0014 } from './0014_derivation';
import { m0015 } from './0015_valid_time_indexes';
import { m0017 } from './0017_fts_lead';
import { m0018 } from './0018_assertions_generation';
import { m0019 } from './0019_fts_lead_optimize';
import { m0020 } from './0020_fts_links';
import { m0021 } from './0021_file_day';
import { m0022 } from './0022_tasks';
import { m0023 } from './0023_task_details';
import { m0024 } from './0024_task_dependencies';

/** Every schema version, oldest first. Append; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0010, m0011, m0012, m0014, m0015, m0017, m0018, m0019, m0020, m0021, m0022, m0023, m0024];
