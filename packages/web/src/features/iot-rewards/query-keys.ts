/** The first element of every query key of the rewards screens: a reward or an exchange invalidates them all. */
export const REWARDS_KEY = 'iotRewards';
