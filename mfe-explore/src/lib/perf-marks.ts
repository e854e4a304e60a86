/** User Timing mark of the first nearby answer of a load (the bench measures from it to the clustered map). */
export const NEARBY_RECEIVED_MARK = 'explore:nearby-received';
