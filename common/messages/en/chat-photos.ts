/** Photos in chat messages (issue 48): API details and the chat screen. */
export const chatPhotos = {
  needsContentOrImage: "Write a message or attach a photo.",
  oneImage: "Attach one photo at most.",
  attach: "Attach a photo",
  remove: "Remove the photo",
  preview: "Photo to send",
  photo: "Photo",
  openPhoto: "Open the photo from {name}",
  viewer: "Photo from {name}",
  close: "Close",
  requestHidden: "Accept the request to see this photo.",
  show: "Show photo",
  notKept: "Photos are not kept after closing the page: attach it again if it didn't send.",
  photoPreview: "📷 Photo",
};
