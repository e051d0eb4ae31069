// The real plugin registers the same custom field; its admin part (the editor) is not needed to store HTML.
module.exports = {
  register({ strapi }) {
    strapi.customFields.register({ name: 'CKEditor', plugin: 'ckeditor', type: 'richtext' });
  },
};
