import { describeAccessMatrix } from '../helpers/access-suite'

// Every cell of the access matrix (tests/helpers/access-matrix.ts) through
// real HTTP requests to Payload's REST handlers (/api/<collection>), each persona signed in through POST /api/users/login.
describeAccessMatrix('rest')
