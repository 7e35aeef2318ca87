import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * After a block or unblock, what the browser kept is stale: block states and the blocked list
 * are fetched again, the conversation list and badge refresh, and chats and comment lists not on
 * screen are forgotten (a poll only asks for newer messages, so it would never bring back an
 * unblocked person's older ones). What is on screen is updated by the screen itself.
 */
export function useBlocksChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["blocks"] });
    void queryClient.invalidateQueries({ queryKey: ["conversations"] });
    void queryClient.invalidateQueries({ queryKey: ["notifications"] });
    queryClient.removeQueries({ queryKey: ["chat"], type: "inactive" });
    queryClient.removeQueries({
      type: "inactive",
      predicate: (query) => query.queryKey[0] === "posts" && query.queryKey[2] === "comments",
    });
  }, [queryClient]);
}
