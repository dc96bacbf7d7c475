// The federated floor's host (bench/floor/federated/federation.mjs).
import { federatedFloorConfig } from '../federation.mjs';

export default federatedFloorConfig('host');
