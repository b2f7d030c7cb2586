export default {
  paths: () => [{ params: { pkg: 'alpha' } }, { params: { pkg: 'beta' } }],
};
