// A model capability read from config.json (see NO_PARTIAL_MIDDLE_FIELD).
/**
 * config.json's own field for a model that writes a FIM middle only right
 * after the middle marker and cannot continue one it is given the start of:
 * the designed fixtures (testing/fixture-models/graph.ts count positions from
 * the marker). Trained FIM models learn every middle token given the ones
 * before it, so for them (no field) the cursor's line may open the middle.
 */
export const NO_PARTIAL_MIDDLE_FIELD = 'fim_partial_middle';
