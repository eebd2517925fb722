import { describeAccessMatrix } from '../helpers/access-suite'

// Every cell of the access matrix (tests/helpers/access-matrix.ts) through
// the Local API with overrideAccess: false and the persona as `user`.
describeAccessMatrix('local')
