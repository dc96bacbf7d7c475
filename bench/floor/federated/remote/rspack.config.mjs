// The federated floor's remote (bench/floor/federated/federation.mjs).
import { federatedFloorConfig } from '../federation.mjs';

export default federatedFloorConfig('remote');
